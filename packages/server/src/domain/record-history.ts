import { eq } from 'drizzle-orm';
import type { Row } from '../db/client.ts';
import { allowed, authorize, type Ctx } from '../engine/context.ts';
import { getRow, parseId, present, resource } from '../engine/engine.ts';
import { ApiError, notFound } from '../engine/errors.ts';

export interface HistoryEntry {
  id: number;
  action: string;
  /** When, ISO 8601 UTC. */
  at: string;
  user_id: number | null;
  /** The user's name; "System" for the CLI and first-run setup; null when the user is gone. */
  user_name: string | null;
  changes: { field: string; from: unknown; to: unknown }[];
}

const LIMIT = 200;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `GET /api/history/{resource}/{id}` → `{data: HistoryEntry[]}`, newest first (at most 200): who
 * changed which fields from what to what, and when, from the audit log. The caller sees what they
 * may read of the record: the record must be readable by them now (or, once deleted, they must be
 * allowed to edit its kind), and each side of a change goes through the same output rules as a
 * read, so guarded costs and private user details never show in a history either.
 */
export async function recordHistory({ ctx, resource: name, id: idRaw }: { ctx: Ctx; resource: string; id: unknown }): Promise<{ data: HistoryEntry[] }> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  const id = parseId(idRaw);
  // The access check (its error, if any, in `denied`) and the audit rows are read together, one
  // round trip instead of two in a row; the rows are only answered once the check has passed.
  const [denied, rows] = await Promise.all([
    getRow(ctx, name, id).then(
      () => null,
      (e: unknown) => e,
    ),
    ctx.db.query<Row>(
      `SELECT a.id, a.action, a.user_id, a.before, a.after, a.created_at, u.name AS user_name
         FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.resource = $1 AND a.record_id = $2
        ORDER BY a.id DESC LIMIT ${LIMIT}`,
      [res.name, id],
    ),
  ]);
  let gone = false;
  if (denied) {
    if (!(denied instanceof ApiError) || denied.status !== 404) throw denied;
    // Not readable: not this caller's (still stored), or deleted. A deleted record's history is
    // for those who may edit its kind (and not for record-scoped kinds, whose owner is gone too).
    const [stored] = await ctx.db.orm.select({ id: res.table.id }).from(res.table).where(eq(res.table.id, id)).limit(1);
    if (stored || res.scope || !allowed(ctx, 'edit', res.def.write)) throw denied;
    gone = true;
  }
  if (gone && !rows.length) throw notFound(res.def.label);
  const fields = Object.entries(res.def.fields).filter(([, fd]) => !fd.writeOnly && !fd.computed).map(([k]) => k);
  const shown = (r: unknown): Row => (r && typeof r === 'object' ? present(ctx, res, { ...(r as Row), id }) : {});
  const data = rows.map((r): HistoryEntry => {
    const creating = r.action === 'create' || r.action === 'duplicate';
    const before = creating ? {} : shown(r.before);
    const after = shown(r.after);
    const changes = fields
      .filter((k) => (k in before || k in after) && !same(before[k], after[k]))
      .map((k) => ({ field: k, from: before[k] ?? null, to: after[k] ?? null }));
    return {
      id: r.id as number,
      action: r.action as string,
      at: new Date(r.created_at as string).toISOString(),
      user_id: (r.user_id as number | null) ?? null,
      user_name: r.user_id === 0 ? 'System' : ((r.user_name as string | null) ?? null),
      changes,
    };
  });
  return { data };
}
