/**
 * Importing records from a spreadsheet: the rows of a CSV or `.xlsx` file, each mapped
 * to the resource's fields by the web's mapping step, checked (a dry run: every row through the
 * engine's save in a transaction that is rolled back, so each row's errors are exactly a save's)
 * and then imported (the same, committed: all rows or none).
 *
 * A row's cells may be the text a person typed or the export wrote (`$1,234.50`, `6/30/2026`,
 * `Yes`, a category by its name): `importCellValue` (resources/import-cells.ts) reads them by the
 * field's kind, and a reference by its name is looked up among the records the caller may read.
 *
 * A row that names an existing record by its key (IMPORT_KEYS, importable.ts: a material or product by its
 * number, a vendor by its name, a vendor material by vendor and material) updates that record
 * instead of adding another; so does a row with an `id`. Each declaration names the resource, so
 * its rights are that resource's: the action asks the engine, the declaration only needs a
 * signed-in caller.
 */
import { z } from 'zod';
import { actionMap, defineAction } from './define.ts';
import { IMPORTABLE } from './importable.ts';

/** At most this many rows in one import (and in one check). */
export const IMPORT_MAX_ROWS = 10_000;

const cell = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);

const importBody = z.object({
  rows: z
    .array(z.record(z.string().max(100), cell), { error: 'Must be a list of rows.' })
    .min(1, 'The file has no rows.')
    .max(IMPORT_MAX_ROWS, `At most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at once.`),
});
export type ImportRow = z.output<typeof importBody>['rows'][number];

const importParams = z.object({ resource: z.enum(IMPORTABLE) });

/** One row's outcome: added or updated (which record), or its field errors as a save gives them. */
export const importRowResultSchema = z.object({
  action: z.enum(['add', 'update']),
  /** The record the row updates (none for an add). */
  id: z.number().int().nullable(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ImportRowResult = z.output<typeof importRowResultSchema>;

export const checkImport = defineAction({
  name: 'imports.check',
  summary:
    'Checks rows to import without writing anything: for each row, whether it adds or updates a record, or its field errors exactly as a save gives them.',
  method: 'POST',
  path: '/api/:resource/import/check',
  params: importParams,
  body: importBody,
  answer: z.object({ rows: z.array(importRowResultSchema), added: z.number().int(), updated: z.number().int(), failed: z.number().int() }),
  permission: 'signed_in',
});

export const runImport = defineAction({
  name: 'imports.run',
  summary:
    'Imports rows in one transaction: all of them, or none (422 with each failing row’s field errors as `rows.{i}.{field}`). Rows that name an existing record by its key update it.',
  method: 'POST',
  path: '/api/:resource/import',
  params: importParams,
  body: importBody,
  answer: z.object({ added: z.number().int(), updated: z.number().int() }),
  permission: 'signed_in',
  // 10 000 rows take a while: the import dialog shows how many are written
  progress: true,
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const IMPORT_ACTIONS = actionMap({
  'imports.check': checkImport,
  'imports.run': runImport,
});
