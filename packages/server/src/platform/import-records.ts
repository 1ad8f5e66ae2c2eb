/**
 * Importing rows of a spreadsheet into a resource (shared/actions/imports.ts): each row through
 * the engine's own save (rights, validation, hooks, audit row), all in one transaction.
 *
 * - A check (`commit: false`) saves every row and rolls everything back: each row's answer is
 *   what saving it would answer, errors included, with the rows before it already in place (two
 *   rows with one number: the second updates the first).
 * - An import (`commit: true`) does the same and commits when no row failed; otherwise nothing is
 *   written and it answers 422 with every failing row's errors as `rows.{i}.{field}`.
 *
 * A row is made a save's body here: cells read by their field's kind (importCellValue), a
 * reference given by name looked up among the records the caller may read (a material category
 * by its name, a material by its number), and the record it updates found by IMPORT_KEYS (or its
 * `id`). Each row has its own savepoint, so a failed row (a unique number taken) leaves the
 * transaction usable for the next.
 */
import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_KEYS, type Importable } from '@glazier/shared/actions/importable';
import type { ImportRow, ImportRowResult } from '@glazier/shared/actions/imports';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { importCellValue } from '@glazier/shared/resources/import-cells';
import { CONTROL_MESSAGE, isPlainText } from '@glazier/shared/resources/fields';
import type { Row } from '../db/client.ts';
import { asDbError } from '../db/driver-types.ts';
import { allowed, requireUser, type Ctx } from '../engine/context.ts';
import { ApiError, fromDbError, invalid } from '../engine/errors.ts';
import { baseConditions } from '../engine/query.ts';
import { resource } from '../engine/resources.ts';
import type { ServerResource } from '../engine/server-resource.ts';
import { anyOf, selectRows } from '../engine/select-rows.ts';
import { saveInTransaction } from '../engine/write.ts';
import { checkArea } from '../engine/write-checks.ts';

export interface ImportOutcome {
  rows: ImportRowResult[];
  added: number;
  updated: number;
  failed: number;
}

/** Thrown inside the transaction to roll a check back with its outcome. */
class RolledBack extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super('rolled back');
  }
}

/** Rows' errors as the contract keys them (`rows.3.number`), for the import's 422. */
function rowErrors(outcome: ImportOutcome): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [i, r] of outcome.rows.entries()) {
    for (const [field, messages] of Object.entries(r.errors ?? {})) errors[`rows.${i}.${field}`] = messages;
  }
  return errors;
}

export async function importRecords({
  ctx,
  resource: name,
  rows,
  commit,
  onProgress,
}: {
  ctx: Ctx;
  resource: Importable;
  rows: ImportRow[];
  commit: boolean;
  onProgress?: (done: number, total: number) => void;
}): Promise<ImportOutcome> {
  const res = resource(name);
  requireUser(ctx);
  checkArea(ctx, res, 'create'); // before anything is read: a caller without the right learns nothing
  try {
    return await ctx.db.transaction(async (db) => {
      const tx: Ctx = { ...ctx, db };
      const refs = new RefNames(tx);
      const known = await knownKeys(tx, res, rows);
      const outcome: ImportOutcome = { rows: [], added: 0, updated: 0, failed: 0 };
      for (const row of rows) {
        const result = await importRow(tx, res, row, refs, known);
        outcome.rows.push(result);
        if (result.errors) outcome.failed++;
        else if (result.action === 'add') outcome.added++;
        else outcome.updated++;
        onProgress?.(outcome.rows.length, rows.length);
      }
      if (!commit || outcome.failed) throw new RolledBack(outcome);
      return outcome;
    });
  } catch (e) {
    if (!(e instanceof RolledBack)) throw e;
    if (!commit) return e.outcome;
    const failed = e.outcome.failed;
    throw invalid(rowErrors(e.outcome), `${failed} ${failed === 1 ? 'row has' : 'rows have'} errors: nothing was imported.`);
  }
}

async function importRow(ctx: Ctx, res: ServerResource, row: ImportRow, refs: RefNames, known: Map<string, number> | undefined): Promise<ImportRowResult> {
  // One savepoint per row (sent with the row's first statement): a failed row is undone alone.
  await ctx.db.query('SAVEPOINT glazier_import_row', [], { deferred: true });
  let existingId: number | null = null;
  try {
    const { body, id } = await rowBody(ctx, res, row, refs);
    const key =
      known && typeof body[IMPORT_KEYS[res.name as Importable][0]!] === 'string' ? (body[IMPORT_KEYS[res.name as Importable][0]!] as string).trim() : '';
    existingId = id ?? (known ? (key ? (known.get(key) ?? null) : null) : await findByKey(ctx, res, body));
    const saved = await saveInTransaction(ctx, res.name, body, existingId);
    await ctx.db.query('RELEASE SAVEPOINT glazier_import_row', [], { deferred: true });
    // a later row with the same key updates this one (the key as stored: the save trims it)
    const stored = known ? saved[IMPORT_KEYS[res.name as Importable][0]!] : undefined;
    if (known && typeof stored === 'string' && !known.has(stored)) known.set(stored, saved.id);
    return { action: existingId === null ? 'add' : 'update', id: existingId };
  } catch (e) {
    await ctx.db.query('ROLLBACK TO SAVEPOINT glazier_import_row');
    const dbError = asDbError(e);
    const error = dbError ? fromDbError(dbError, { table: res.def.table }) : e;
    if (!(error instanceof ApiError)) throw e;
    return { action: existingId === null ? 'add' : 'update', id: existingId, errors: error.errors ?? { _: [error.message] } };
  }
}

/** The save's body of a row: cells read by kind, references by name; its `id` when it names one. */
async function rowBody(ctx: Ctx, res: ServerResource, row: ImportRow, refs: RefNames): Promise<{ body: Row; id: number | null }> {
  const body: Row = {};
  const errors: Record<string, string[]> = {};
  let id: number | null = null;
  for (const [key, cell] of Object.entries(row)) {
    if (key === 'id') {
      const text = String(cell ?? '').trim();
      if (text === '') continue;
      if (!/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647) errors.id = ['Must be a record id.'];
      else id = Number(text);
      continue;
    }
    const fd = (res.def.fields as Record<string, FieldDef>)[key];
    if (!fd) continue; // as a save: unknown keys are dropped
    const value = importCellValue(fd, cell);
    if (fd.kind === 'ref' && fd.ref && typeof value === 'string') {
      const found = await refs.idOf(fd.ref, value);
      if (typeof found === 'number') body[key] = found;
      else errors[key] = [found];
    } else if (fd.kind === 'idList' && fd.ref && Array.isArray(value)) {
      const ids: unknown[] = [];
      for (const v of value) {
        const found = typeof v === 'string' ? await refs.idOf(fd.ref, v) : v;
        if (typeof v === 'string' && typeof found === 'string') (errors[key] ??= []).push(found);
        else ids.push(found);
      }
      body[key] = ids;
    } else if (value !== undefined) body[key] = value;
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (id !== null) {
    const [found] = await selectRows(ctx.db, res.table, { where: and(eq(res.table.id, id), ...baseConditions(ctx, res)), limit: 1 });
    if (!found) throw invalid({ id: [`No ${res.def.label.toLowerCase()} has this id.`] });
  }
  return { body, id };
}

/**
 * The records the rows name by a key of one text field (a number, a name), read in one statement
 * before the first row instead of one look-up a row (`findByKey`). Undefined for a key of
 * several fields, or of a reference (vendor materials): those are looked up row by row.
 */
async function knownKeys(ctx: Ctx, res: ServerResource, rows: ImportRow[]): Promise<Map<string, number> | undefined> {
  const keys = IMPORT_KEYS[res.name as Importable];
  const field = keys[0]!;
  const fd = (res.def.fields as Record<string, FieldDef>)[field];
  if (keys.length !== 1 || fd?.kind !== 'text') return undefined;
  const wanted = [...new Set(rows.map((r) => (typeof r[field] === 'string' ? (r[field] as string).trim() : '')).filter((v) => v !== '' && isPlainText(v)))];
  const known = new Map<string, number>();
  if (!wanted.length) return known;
  const t = res.table;
  const found = await selectRows(ctx.db, t, { where: and(anyOf(t[field]!, wanted), ...baseConditions(ctx, res)), orderBy: [sql`${t.id} DESC`] });
  for (const r of found) known.set(r[field] as string, r.id); // the lowest id wins, as findByKey's
  return known;
}

/** The record a row names by its key fields (IMPORT_KEYS), when all of them have a value. */
async function findByKey(ctx: Ctx, res: ServerResource, body: Row): Promise<number | null> {
  const keys = IMPORT_KEYS[res.name as Importable];
  const values = keys.map((k) => (typeof body[k] === 'string' ? (body[k] as string).trim() : body[k]));
  if (values.some((v) => v === null || v === undefined || v === '')) return null;
  const t = res.table;
  const [found] = await selectRows(ctx.db, t, {
    where: and(...keys.map((k, i) => eq(t[k], values[i] as string | number)), ...baseConditions(ctx, res)),
    orderBy: [sql`${t.id}`],
    limit: 1,
  });
  return found?.id ?? null;
}

/**
 * References by name, looked up once per import: a record of the target resource whose naming
 * field (a category's name, a material's number) is the text, ignoring case, among those the
 * caller may read. Answers the id, or the message for the field.
 */
class RefNames {
  readonly #known = new Map<string, number | string>();
  constructor(private readonly ctx: Ctx) {}

  async idOf(refName: string, text: string): Promise<number | string> {
    const key = `${refName}\u0000${text.toLowerCase()}`;
    let answer = this.#known.get(key);
    if (answer === undefined) this.#known.set(key, (answer = await this.#look(refName, text)));
    return answer;
  }

  async #look(refName: string, text: string): Promise<number | string> {
    const target = resource(refName);
    const label = target.def.label.toLowerCase();
    const field = target.def.naming.fields[0] ?? target.def.titleField;
    const none = `No ${label} ${field === 'number' ? 'numbered' : 'named'} “${text}”.`;
    if (!isPlainText(text)) return CONTROL_MESSAGE;
    if (!allowed(this.ctx, 'view', target.def.read) || !(field in target.table)) return none;
    const t = target.table;
    const rows = await selectRows(this.ctx.db, t, {
      where: and(sql`lower(${t[field]}) = lower(${text})`, ...baseConditions(this.ctx, target)),
      orderBy: [sql`${t.id}`],
      limit: 2,
    });
    if (rows.length > 1) return `More than one ${label} is ${field === 'number' ? 'numbered' : 'named'} “${text}”: give its id instead.`;
    return rows[0]?.id ?? none;
  }
}
