/** Estimating's named actions (domain.md 4, issue 23): status, items from the takeoff, convert to a job, revise. */
import { z } from 'zod';
import { ESTIMATE_STATUSES } from '../resources/estimating.ts';
import { recordRead } from '../resources/read-schema.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

const byId = z.object({ id: ID_PARAM });
const EDIT = { action: 'edit', area: 'estimates' } as const;

export const setEstimateStatus = defineAction({
  name: 'estimates.status',
  summary: "Moves an estimate's status by its rule: draft → open (Finalize), open → draft, and among open, won and lost (needs edit estimates_admin).",
  method: 'POST',
  path: '/api/estimates/:id/status',
  params: byId,
  body: z.object({ status: z.enum(ESTIMATE_STATUSES, { error: `Must be one of: ${ESTIMATE_STATUSES.join(', ')}.` }) }),
  answer: z.object({ data: recordRead('estimates') }),
  permission: EDIT,
});

export const estimateItemsFromTakeoff = defineAction({
  name: 'estimates.items_from_takeoff',
  summary: "One estimate item per takeoff option with a calculated qty: made, or its qty brought up to date (amounts typed over are kept).",
  method: 'POST',
  path: '/api/estimates/:id/items_from_takeoff',
  params: byId,
  answer: z.object({ data: recordRead('estimates'), created: z.number().int(), updated: z.number().int() }),
  permission: EDIT,
});

export const convertEstimate = defineAction({
  name: 'estimates.convert',
  summary: 'Makes the job of a won estimate (its client, number, name, address, dates, scopes and products from the items), once: converting again answers the same job.',
  method: 'POST',
  path: '/api/estimates/:id/convert',
  params: byId,
  answer: z.object({ data: recordRead('jobs') }),
  permission: EDIT,
});

export const reviseEstimate = defineAction({
  name: 'estimates.revise',
  summary: 'Copies the latest revision of an estimate (items, category notes, takeoff) as the next revision, a draft; the one it was made from is kept as it was.',
  method: 'POST',
  path: '/api/estimates/:id/revise',
  params: byId,
  answer: z.object({ data: recordRead('estimates') }),
  permission: EDIT,
  status: 201,
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const ESTIMATING_ACTIONS = actionMap({
  'estimates.status': setEstimateStatus,
  'estimates.items_from_takeoff': estimateItemsFromTakeoff,
  'estimates.convert': convertEstimate,
  'estimates.revise': reviseEstimate,
});
