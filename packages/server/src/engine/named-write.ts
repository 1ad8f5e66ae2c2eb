/**
 * A named write (docs/architecture.md, Named writes): how an area changes records
 * outside the generic calls. The mechanism opens the transaction (joining the caller's, so an
 * Idempotency-Key's claim and its answer go with the change, http/idempotency.ts), locks the record
 * the action is about and checks the caller may read it (404 as a get would answer), runs the
 * change, and writes the history itself:
 *
 * - the record the action is about gets its audit row (and so its live notice, audit.ts) from the
 *   row as it was locked (or as the writer last recorded it) and as the change left it, however
 *   the change wrote it: a named write cannot forget it. A change that moved only `updated_at` (a
 *   child's save touching its parent) changed nothing of the record's own, and writes none, as a
 *   second click of Send writes none. (The engine's `update` of that record would write a row of
 *   its own besides: write it by hand or through the writer.);
 * - every other record is written through the writer, whose inserts, updates and deletes each
 *   write their own audit row; the engine's saves (create, update) write theirs.
 *
 * The declared right of the action is checked by its route before the handler runs
 * (http/action-routes.ts); the record's own rules beyond it (a template's products need
 * jobs_admin) stay in the area's change.
 */
import type { SQL } from 'drizzle-orm';
import { eq, getTableName } from 'drizzle-orm';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { ResourceRow, Row } from '../db/client.ts';
import { tableFor, type AnyTable } from '../db/schema.ts';
import { recordAudit } from './audit.ts';
import { authorize, type Ctx } from './context.ts';
import { notFound } from './errors.ts';
import { findRow } from './read.ts';
import { resource } from './resources.ts';
import { selectRows } from './select-rows.ts';
import type { StoredRow } from './server-resource.ts';

/** What a write's history row says, where it is not simply the row before and after. */
export interface History {
  /** The audit action: by default `create`, `update` or `delete`. */
  action?: string;
  /**
   * The record before, as its history shows it: the row the caller already locked (no second
   * read), or what a new record came from (a copy's source, `{ id }`).
   */
  before?: Row | null;
  /** The written row as its history shows it (a secret left out, the words of a piece's mark added). */
  shown?: (row: Row) => Row;
}

/** What the writer writes: a resource by its name, or a table that is no resource (approval links, calendar feeds). */
export type Writable = ResourceName | AnyTable;
/** A written row: a resource's stored columns, or a plain row with its id. */
export type WrittenRow<W extends Writable> = W extends ResourceName ? StoredRow<W> : ResourceRow;

/** Writes of records in a named write's transaction, each with its audit row. */
export interface RecordWriter {
  /** The transaction's context: for reads, and for the engine's own saves (which record themselves). */
  readonly ctx: Ctx;
  /** A new row (values by column; a Drizzle `sql` value for what the database works out, `now()`). */
  insert<W extends Writable>(what: W, values: Row, history?: History): Promise<WrittenRow<W>>;
  /** New rows in one statement, one audit row each. */
  insertMany<W extends Writable>(what: W, rows: Row[], history?: History): Promise<WrittenRow<W>[]>;
  /** A new row, or where one with the same `target` columns is (a unique index), that one with `set`. */
  upsert<W extends Writable>(what: W, values: Row, conflict: { target: string[]; set: Row }, history?: History): Promise<WrittenRow<W>>;
  /** The row `id` changed (locked and read first, unless `history.before` is the row as the caller locked it); 404 when gone. */
  update<W extends Writable>(what: W, id: number, set: Row, history?: History): Promise<WrittenRow<W>>;
  /** The rows `where` picks, deleted (for good), one audit row each. */
  deleteWhere<W extends Writable>(what: W, where: (table: AnyTable) => SQL, history?: History): Promise<WrittenRow<W>[]>;
  /**
   * A change that is no one row's own (a day's stock snapshot; the lines an order was made from):
   * its history row, by what it did (and, given `before`, what it was: a figure derived from
   * other records, a job's invoice amount, shows from what to what).
   */
  summary(name: ResourceName, action: string, recordId: number | null, summary: Row, before?: Row | null): Promise<void>;
}

/** The target of a named write: the record its route names. */
export interface Target<N extends ResourceName> {
  resource: N;
  id: number;
  /** Its history's action (`send`, `status`, `pull`). */
  action: string;
}

const key = (name: string, id: number) => `${name}#${id}`;
const tableOf = (what: Writable): AnyTable => (typeof what === 'string' ? tableFor(what) : what);
const nameOf = (what: Writable): string => (typeof what === 'string' ? what : getTableName(what));

/** A writer in `ctx`'s transaction; `written` keeps each record it recorded as it left it (null: deleted, or a summary). */
function writerIn(ctx: Ctx, written: Map<string, Row | null>): RecordWriter {
  const audit = async (name: string, action: string, id: number, before: Row | null, row: ResourceRow | null, history?: History) => {
    written.set(key(name, id), row);
    const shown = (r: Row | null) => (r && history?.shown ? history.shown(r) : r);
    await recordAudit(ctx, name, history?.action ?? action, id, history && 'before' in history ? (history.before ?? null) : shown(before), shown(row));
  };
  const writer: RecordWriter = {
    ctx,
    async insert<W extends Writable>(what: W, values: Row, history?: History) {
      const [row] = await writer.insertMany(what, [values], history);
      return row!;
    },
    async insertMany<W extends Writable>(what: W, rows: Row[], history?: History) {
      if (!rows.length) return [];
      const made = (await ctx.db.orm.insert(tableOf(what)).values(rows).returning()) as ResourceRow[];
      for (const row of made) await audit(nameOf(what), 'create', row.id, null, row, history);
      return made as WrittenRow<W>[];
    },
    async upsert<W extends Writable>(what: W, values: Row, conflict: { target: string[]; set: Row }, history?: History) {
      const t = tableOf(what);
      const target = conflict.target.map((c) => t[c]);
      const [row] = (await ctx.db.orm.insert(t).values(values).onConflictDoUpdate({ target, set: conflict.set }).returning()) as ResourceRow[];
      await audit(nameOf(what), 'create', row!.id, null, row!, history);
      return row as WrittenRow<W>;
    },
    async update<W extends Writable>(what: W, id: number, set: Row, history?: History) {
      const t = tableOf(what);
      let before = history?.before as ResourceRow | undefined;
      if (!history || !('before' in history)) [before] = await selectRows(ctx.db, t, { where: eq(t.id, id), forUpdate: true });
      const [row] = (await ctx.db.orm.update(t).set(set).where(eq(t.id, id)).returning()) as ResourceRow[];
      if (!row) throw notFound();
      await audit(nameOf(what), 'update', id, before ?? null, row, history);
      return row as WrittenRow<W>;
    },
    async deleteWhere<W extends Writable>(what: W, where: (table: AnyTable) => SQL, history?: History) {
      const t = tableOf(what);
      const gone = (await ctx.db.orm.delete(t).where(where(t)).returning()) as ResourceRow[];
      for (const row of gone) await audit(nameOf(what), 'delete', row.id, row, null, history);
      return gone as WrittenRow<W>[];
    },
    async summary(name, action, recordId, summary, before = null) {
      if (recordId != null && !written.has(key(name, recordId))) written.set(key(name, recordId), null);
      await recordAudit(ctx, name, action, recordId, before, summary);
    },
  };
  return writer;
}

/**
 * A named write that is about no one stored record (a copy, a new order from suggestions): the
 * transaction, and the writer whose writes record themselves.
 */
export function namedWrite<T>(ctx: Ctx, change: (w: RecordWriter) => Promise<T>): Promise<T> {
  return ctx.db.transaction((db) => change(writerIn({ ...ctx, db }, new Map())));
}

/**
 * A named write about the record its route names: in one transaction, the record locked (FOR
 * UPDATE) as the caller may read it (401/403 without the read right, 404 when gone, deleted or
 * outside their scope), the change, and the record's audit row with `target.action` when the
 * change left it different (see the top).
 */
export async function changeRecord<N extends ResourceName, T>(
  ctx: Ctx,
  target: Target<N>,
  change: (w: RecordWriter, before: StoredRow<N>) => Promise<T>,
): Promise<T> {
  const res = resource(target.resource);
  authorize(ctx, 'view', res.def.read);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const before = (await findRow(tx, res, target.id, { forUpdate: true })) as StoredRow<N> | undefined;
    if (!before) throw notFound(res.def.label);
    const written = new Map<string, Row | null>();
    const answer = await change(writerIn(tx, written), before);
    // compared with the record as the writer last recorded it, if it did: what was written besides is recorded too
    const recorded = written.get(key(target.resource, target.id));
    const [after] = await selectRows(db, res.table, { where: eq(res.table.id, target.id), limit: 1 });
    const from = recorded === undefined ? before : recorded;
    if (from && changedOwn(from, after)) await recordAudit(tx, target.resource, target.action, target.id, from, after ?? null);
    return answer;
  });
}

/**
 * A writer in the caller's transaction (a hook of a generic save, which the engine runs in its
 * own): for the records a rule writes besides the one being saved.
 */
export function recordedWrites(ctx: Ctx): RecordWriter {
  if (!ctx.db.inTransaction) throw new Error('recordedWrites needs a transaction.');
  return writerIn(ctx, new Map());
}

/** Whether a record changed more than its `updated_at` (a touch from a child's save is no change of its own). */
function changedOwn(before: Row, after: Row | undefined): boolean {
  if (!after) return true;
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (k !== 'updated_at' && JSON.stringify(before[k]) !== JSON.stringify(after[k])) return true;
  }
  return false;
}
