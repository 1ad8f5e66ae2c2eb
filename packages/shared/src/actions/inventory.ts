/** Inventory's named actions (docs/domain/inventory.md): count stock, stock value snapshots, a bom's pull and return. */
import { z } from 'zod';
import { fieldValueSchema } from '../resources/field-schemas.ts';
import { f } from '../resources/fields.ts';
import { recordRead } from '../resources/read-schema.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

const EDIT_INVENTORY = { action: 'edit', area: 'inventory' } as const;
const byId = z.object({ id: ID_PARAM });

export const countMaterial = defineAction({
  name: 'materials.count',
  summary: 'Count stock: a `count` transaction, the absolute qty on hand from its date on.',
  method: 'POST',
  path: '/api/materials/:id/count',
  params: byId,
  // The transaction's own validation checks the values (after the material's 404): here, a record.
  body: z.object({ qty: z.unknown(), date: z.unknown().optional(), note: z.unknown().optional() }).partial(),
  answer: z.object({ material: recordRead('materials'), transaction: recordRead('material_transactions') }),
  permission: EDIT_INVENTORY,
  status: 201,
});

/** A stock value snapshot's totals. */
export const snapshotSummarySchema = z.object({
  date: z.string(),
  /** Active materials recorded. */
  materials: z.number().int(),
  /** Σ value of the snapshot. */
  value: z.number(),
});
export type SnapshotSummary = z.output<typeof snapshotSummarySchema>;

export const takeMaterialSnapshots = defineAction({
  name: 'material_snapshots.take',
  summary: "Records every active material's on hand and value as of a date (today by default), replacing that date's snapshot.",
  method: 'POST',
  path: '/api/material_snapshots/take',
  body: z.object({ date: z.preprocess((v) => (v === '' ? null : v), fieldValueSchema(f.date()).nullable().optional()) }),
  answer: snapshotSummarySchema,
  permission: EDIT_INVENTORY,
  status: 201,
});

export const materialSnapshotSummaries = defineAction({
  name: 'material_snapshots.summary',
  summary: 'The stock value as of each snapshot date, newest first.',
  method: 'GET',
  path: '/api/material_snapshots/summary',
  answer: z.object({ data: z.array(snapshotSummarySchema) }),
  permission: { action: 'view', area: 'inventory' },
});

export const pullBom = defineAction({
  name: 'boms.pull',
  summary: 'Pulls a bom from stock: a `pull` transaction per line; the bom becomes read-only.',
  method: 'POST',
  path: '/api/boms/:id/pull',
  params: byId,
  answer: z.object({ data: recordRead('boms') }),
  permission: { action: 'edit', area: 'boms' },
});

export const returnBom = defineAction({
  name: 'boms.return',
  summary: 'Returns a pulled bom to stock (the reverse of its pulls); the bom is editable again.',
  method: 'POST',
  path: '/api/boms/:id/return',
  params: byId,
  answer: z.object({ data: recordRead('boms') }),
  permission: { action: 'edit', area: 'boms' },
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const INVENTORY_ACTIONS = actionMap({
  'materials.count': countMaterial,
  'material_snapshots.take': takeMaterialSnapshots,
  'material_snapshots.summary': materialSnapshotSummaries,
  'boms.pull': pullBom,
  'boms.return': returnBom,
});
