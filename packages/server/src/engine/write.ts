/**
 * The engine's writes: create, update, store_many, remove and restore, with record rules (hooks),
 * nested children, conflict detection, one transaction per call and an audit row per change.
 */
import { and, eq } from 'drizzle-orm';
import type { RelationDef } from '@glazier/shared/resources/define';
import { recordRuleErrors } from '@glazier/shared/resources/record-rules';
import type { ResourceRow, Row } from '../db/client.ts';
import { asDbError } from '../db/driver-types.ts';
import { recordAudit } from './audit.ts';
import { refuseStateChanges, touchParents } from './aggregates.ts';
import { requireUser, type Ctx } from './context.ts';
import { ApiError, conflict, forbidden, fromDbError, invalid, notFound } from './errors.ts';
import { addComputed, computedReturning, maySeeDeleted, present, putComputed } from './present.ts';
import { baseConditions } from './query.ts';
import { findRow, parseId } from './read.ts';
import { readRelations } from './relations.ts';
import { resource } from './resources.ts';
import { selectRows } from './select-rows.ts';
import { checkArea, checkIdLists, checkWrite, prefixErrors, stripWriteOnly, validate } from './write-checks.ts';
import type { RecordFor, RecordWithRelationsFor, ServerResource, WriteOp } from './server-resource.ts';
import { insertRow, updateRow } from './write-rows.ts';

interface WriteOpts {
  /** Prefix for error keys of nested or bulk records ("products.0."). */
  prefix?: string;
  /** A nested child must already belong to this parent (column → parent id). */
  belongsTo?: { column: string; id: unknown };
  /** The record's computed columns, to come back with its write (returnedComputed). */
  computed?: { sql: string; names: string[] };
}

/** A saved record and, when asked for (WriteOpts.computed), its computed fields as its write returned them. */
interface Saved {
  record: ResourceRow;
  computed?: Row;
}

/**
 * The computed columns a top-level save's INSERT or UPDATE can return itself, one statement fewer
 * than reading them back: when nothing the save does after that write can change them (no
 * children written with it, no afterSave rule) and their expressions take no values.
 */
function returnedComputed(res: ServerResource): WriteOpts['computed'] {
  if (res.afterSave || Object.values(res.def.relations).some((r) => r.writable && r.kind === 'many')) return undefined;
  return computedReturning(res) ?? undefined;
}

/** Splits a row written with its computed columns into the record (what is stored) and those. */
function splitComputed(row: ResourceRow, names: string[]): Saved {
  const record = {} as ResourceRow;
  const computed: Row = {};
  for (const key in row) (names.includes(key) ? computed : record)[key] = row[key];
  return { record, computed };
}

async function writeAudit(ctx: Ctx, res: ServerResource, action: string, recordId: number, before: ResourceRow | null, after: ResourceRow | null) {
  await recordAudit(ctx, res.name, action, recordId, before, after);
}

async function saveOne(ctx: Ctx, res: ServerResource, body: unknown, existingId: number | null, opts: WriteOpts = {}): Promise<Saved> {
  checkArea(ctx, res, existingId !== null ? 'update' : 'create');
  const bodyRow = (typeof body === 'object' && body !== null ? body : {}) as Row;
  let existing: ResourceRow | null = null;
  if (existingId !== null) {
    existing = (await findRow(ctx, res, existingId, { forUpdate: true })) ?? null;
    if (!existing) throw opts.prefix ? invalid({ [`${opts.prefix}id`]: [`${res.def.label} not found.`] }) : notFound(res.def.label);
    if (opts.belongsTo && existing[opts.belongsTo.column] !== opts.belongsTo.id) {
      throw invalid({ [`${opts.prefix ?? ''}id`]: ['This record belongs to another parent.'] });
    }
  } else if (res.upsertBy && typeof bodyRow[res.upsertBy] === 'string') {
    const [found] = await selectRows(ctx.db, res.table, {
      where: and(eq(res.table[res.upsertBy], bodyRow[res.upsertBy] as string), ...baseConditions(ctx, res)),
      limit: 1,
    });
    existing = found ?? null;
  }
  const mode = existing ? 'update' : 'create';
  const { values, input } = validate(ctx, res, body, mode, opts.prefix);
  await checkIdLists(ctx, res, values, opts.prefix);
  checkWrite(ctx, res, mode, values, existing);

  // Conflict: the client edited a copy older than the stored record (docs/platform.md, Generic calls: 409).
  if (existing && existingId !== null && typeof input.updated_at === 'string') {
    const theirs = Date.parse(input.updated_at);
    if (!Number.isNaN(theirs) && theirs < Date.parse(existing.updated_at as string)) throw conflict();
  }
  refuseStateChanges(res, bodyRow, existing, opts.prefix);

  try {
    await res.beforeSave?.({ ctx, values, input, existing });
  } catch (e) {
    if (e instanceof ApiError && e.errors && opts.prefix) throw new ApiError(e.status, e.message, prefixErrors(e.errors, opts.prefix));
    throw e;
  }
  // Rules across fields, on the record as it will be stored (a PATCH merged over the stored row).
  const ruleErrors = recordRuleErrors(res.def.rules, { ...existing, ...values }, opts.prefix);
  if (Object.keys(ruleErrors).length) throw invalid(ruleErrors);
  const now = new Date().toISOString();
  const writeValues = stripWriteOnly(res, values);
  for (const [col, v] of Object.entries(res.def.fixed ?? {})) writeValues[col] = v;

  let saved: Saved;
  try {
    const also = opts.computed?.sql;
    const row = existing
      ? (await updateRow(ctx.db, res.table, existing.id, { ...writeValues, updated_at: now }, also))!
      : await insertRow(ctx.db, res.table, { ...writeValues, created_at: now, updated_at: now }, also);
    saved = opts.computed ? splitComputed(row, opts.computed.names) : { record: row };
  } catch (e) {
    const dbError = asDbError(e);
    if (dbError) throw fromDbError(dbError, { prefix: opts.prefix, table: res.def.table }) ?? e;
    throw e;
  }
  const { record } = saved;
  await writeAudit(ctx, res, existing ? 'update' : 'create', record.id, existing, record);
  await saveChildren(ctx, res, record, bodyRow, opts.prefix);
  await res.afterSave?.({ ctx, record, input, existing });
  if (!opts.belongsTo) await touchParents(ctx, res, existing, record); // inside its parent's save, the parent's own write counts
  return saved;
}

/** Nested children in the parent's body are synced: upserted, and missing ones deleted. */
async function saveChildren(ctx: Ctx, res: ServerResource, parent: ResourceRow, body: Row, prefix = ''): Promise<void> {
  const raw = body;
  for (const [relName, rel] of Object.entries(res.def.relations) as [string, RelationDef][]) {
    if (!rel.writable || rel.kind !== 'many') continue;
    const children = raw[relName];
    if (children === undefined) continue;
    if (!Array.isArray(children)) throw invalid({ [`${prefix}${relName}`]: ['Must be a list of records.'] });
    if (children.length > 1000) throw invalid({ [`${prefix}${relName}`]: ['At most 1000 records.'] });
    const child = resource(rel.resource);
    const keep: number[] = [];
    for (const [i, c] of children.entries()) {
      if (typeof c !== 'object' || c === null || Array.isArray(c)) throw invalid({ [`${prefix}${relName}.${i}`]: ['Must be a record.'] });
      const body = { ...(c as Row), [rel.foreignKey!]: parent.id };
      const id = (c as Row)?.id;
      const childPrefix = `${prefix}${relName}.${i}.`;
      const existingId = id !== undefined && id !== null ? parseChildId(id, childPrefix) : null;
      const { record: saved } = await saveOne(ctx, child, body, existingId, { prefix: childPrefix, belongsTo: { column: rel.foreignKey!, id: parent.id } });
      keep.push(saved.id);
    }
    const t = child.table;
    const stale = await selectRows(ctx.db, t, { where: and(eq(t[rel.foreignKey!], parent.id), ...baseConditions(ctx, child)) });
    for (const row of stale) if (!keep.includes(row.id)) await deleteRow(ctx, child, row);
  }
}

function parseChildId(id: unknown, prefix: string): number {
  try {
    return parseId(id);
  } catch {
    throw invalid({ [`${prefix}id`]: ['Must be a record id.'] });
  }
}

export async function create<N extends string>(ctx: Ctx, name: N, body: unknown): Promise<RecordWithRelationsFor<N>> {
  const res = resource(name);
  requireUser(ctx);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const saved = await saveOne(tx, res, body, null, { computed: returnedComputed(res) });
    return (await readBack(tx, res, saved)) as RecordWithRelationsFor<N>;
  });
}

/**
 * One record's create (`existingId` null) or update, as `create`/`update` save it (rights, hooks,
 * validation, audit row), in the caller's transaction and without reading it back: for a batch
 * that owns its transaction (an import's rows, platform/import-records.ts).
 */
export async function saveInTransaction(ctx: Ctx, name: string, body: unknown, existingId: number | null): Promise<ResourceRow> {
  if (!ctx.db.inTransaction) throw new Error('saveInTransaction needs a transaction.');
  requireUser(ctx);
  return (await saveOne(ctx, resource(name), body, existingId)).record;
}

export async function update<N extends string>(ctx: Ctx, name: N, idRaw: unknown, body: unknown): Promise<RecordWithRelationsFor<N>> {
  const res = resource(name);
  requireUser(ctx);
  const id = parseId(idRaw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const saved = await saveOne(tx, res, body, id, { computed: returnedComputed(res) });
    return (await readBack(tx, res, saved)) as RecordWithRelationsFor<N>;
  });
}

export async function storeMany<N extends string>(ctx: Ctx, name: N, body: unknown): Promise<{ data: RecordFor<N>[] }> {
  const res = resource(name);
  requireUser(ctx);
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) {
    checkArea(ctx, res, 'create');
    throw invalid({ data: ['The data field must be a list of records.'] });
  }
  for (const op of new Set(data.map((item) => ((item as Row | null)?.id == null ? 'create' : 'update') as WriteOp))) checkArea(ctx, res, op);
  if (data.length > 1000) throw invalid({ data: ['At most 1000 records at once.'] });
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const out: ResourceRow[] = [];
    for (const [i, item] of data.entries()) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid({ [`data.${i}`]: ['Must be a record.'] });
      const id = (item as Row | null)?.id;
      const prefix = `data.${i}.`;
      const { record } = await saveOne(tx, res, item, id === undefined || id === null ? null : parseChildId(id, prefix), { prefix });
      out.push(present(tx, res, record));
    }
    await addComputed(tx, res, out);
    return { data: out as RecordFor<N>[] };
  });
}

async function readBack(ctx: Ctx, res: ServerResource, { record, computed }: Saved): Promise<ResourceRow> {
  const out = present(ctx, res, record);
  if (computed) putComputed(ctx, res, [out], () => computed);
  else await addComputed(ctx, res, [out]);
  // the relations a save may change: those written with it, and those its hooks write (savedWith)
  const saved = Object.entries(res.def.relations)
    .filter(([, r]) => r.writable || r.savedWith)
    .map(([n]) => n);
  await (
    await readRelations(ctx, res, record.id, saved)
  )(out);
  return out;
}

async function deleteRow(ctx: Ctx, res: ServerResource, existing: ResourceRow): Promise<void> {
  checkWrite(ctx, res, 'delete', null, existing);
  await res.beforeDelete?.({ ctx, existing });
  try {
    if (res.def.softDelete) {
      await ctx.db.orm.update(res.table).set({ deleted_at: new Date().toISOString() }).where(eq(res.table.id, existing.id));
    } else {
      await ctx.db.orm.delete(res.table).where(eq(res.table.id, existing.id));
    }
  } catch (e) {
    const dbError = asDbError(e);
    if (dbError) throw fromDbError(dbError, { deleting: true, table: res.def.table, label: res.def.label }) ?? e;
    throw e;
  }
  // A product without a trash is discontinued; anything else (a job in the trash too) is deleted.
  await writeAudit(ctx, res, res.def.softDelete && !res.def.trash ? 'discontinue' : 'delete', existing.id, existing, null);
  await res.afterDelete?.({ ctx, existing });
}

export async function remove(ctx: Ctx, name: string, idRaw: unknown): Promise<{ id: number }> {
  const res = resource(name);
  requireUser(ctx);
  checkArea(ctx, res, 'delete');
  const id = parseId(idRaw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const existing = await findRow(tx, res, id, { forUpdate: true });
    if (!existing) throw notFound(res.def.label);
    await deleteRow(tx, res, existing);
    await touchParents(tx, res, existing);
    return { id };
  });
}

/** Brings back a soft-deleted record (discontinued products, jobs in the trash). */
export async function restore<N extends string>(ctx: Ctx, name: N, idRaw: unknown): Promise<RecordFor<N>> {
  const res = resource(name);
  if (!res.def.softDelete) throw notFound();
  checkArea(ctx, res, 'update');
  if (!maySeeDeleted(ctx, res)) throw forbidden();
  const id = parseId(idRaw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const existing = await findRow(tx, res, id, { includeDeleted: true, forUpdate: true });
    if (!existing) throw notFound(res.def.label);
    checkWrite(tx, res, 'update', {}, existing);
    if (existing.deleted_at != null) await res.beforeRestore?.({ ctx: tx, existing });
    const [record] = (await tx.db.orm
      .update(res.table)
      .set({ deleted_at: null, updated_at: new Date().toISOString() })
      .where(eq(res.table.id, id))
      .returning()) as ResourceRow[];
    await writeAudit(tx, res, 'restore', id, existing, record!);
    await touchParents(tx, res, record);
    const out = present(tx, res, record!);
    await addComputed(tx, res, [out]);
    return out as RecordFor<N>;
  });
}
