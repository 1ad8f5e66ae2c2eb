/**
 * The platform's named actions on any record (docs/platform.md, Named actions): restore a soft-deleted one, read
 * its history, and search across kinds. Each names the resource, so its rights are that
 * resource's (asked by the action): the declaration only needs a signed-in caller.
 */
import { z } from 'zod';
import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '../resources/registry.ts';
import { anyRecordRead } from '../resources/read-schema.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

const recordParams = z.object({ resource: z.enum(RESOURCE_NAMES), id: ID_PARAM });

/**
 * What a restore can name: a resource that keeps deleted records and that someone may write (the
 * document publishes a restore only for these; any other answers 404, as a path that names nothing).
 */
const RESTORABLE = RESOURCE_NAMES.filter((name) => RESOURCES[name].softDelete && RESOURCES[name].write !== 'nobody') as [ResourceName, ...ResourceName[]];

export const restoreRecord = defineAction({
  name: 'records.restore',
  summary: 'Brings back a soft-deleted record (a discontinued product, a job in the trash).',
  method: 'PATCH',
  path: '/api/:resource/:id/restore',
  params: z.object({ resource: z.enum(RESTORABLE), id: ID_PARAM }),
  answer: anyRecordRead,
  permission: 'signed_in',
});

/**
 * One field of a history entry: its value before and after. A reference (`client_id`) also
 * carries the referenced records' names, `from_label`/`to_label`: null when there is no value, or
 * when the caller may not read that record and it is not stored; a list of references
 * (`alternate_categories`) its records' names joined by commas ("#4" for one not readable).
 */
export const historyChangeSchema = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  from_label: z.string().nullable().optional(),
  to_label: z.string().nullable().optional(),
});
export type HistoryChange = z.output<typeof historyChangeSchema>;

/** One audit row of a record's history: who did what, when, to which fields. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** When, ISO 8601 UTC. */
  at: z.string(),
  user_id: z.number().int().nullable(),
  /**
   * The user's name; "System" for the CLI and first-run setup; for a change made without a user,
   * who made it ("Pat Client, by the approval link"); null when the user is gone (or unknown).
   */
  user_name: z.string().nullable(),
  changes: z.array(historyChangeSchema),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

export const recordHistory = defineAction({
  name: 'records.history',
  summary: 'Who changed which fields of a record, from what to what, and when (newest first, at most 200).',
  method: 'GET',
  path: '/api/history/:resource/:id',
  params: recordParams,
  answer: z.object({ data: z.array(historyEntrySchema) }),
  permission: 'signed_in',
});

/** One hit of the search: a record named as everywhere else (`recordName`). */
export const searchHitSchema = z.object({
  resource: z.enum(RESOURCE_NAMES),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
});
export type SearchHit = z.output<typeof searchHitSchema>;

export const searchEverything = defineAction({
  name: 'records.search',
  summary: 'Jobs, clients, estimates, materials, products and purchase orders by number and name, at most five of each the caller may view.',
  method: 'GET',
  path: '/api/search',
  query: z.object({ q: z.string().trim().max(200, 'Must be at most 200 characters.').optional() }),
  answer: z.object({ data: z.array(searchHitSchema) }),
  permission: 'signed_in',
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const RECORD_ACTIONS = actionMap({
  'records.restore': restoreRecord,
  'records.history': recordHistory,
  'records.search': searchEverything,
});
