import { eq } from 'drizzle-orm';
import type { HistoryChange, HistoryEntry } from '@glazier/shared/actions/records';
import type { Row } from '../db/client.ts';
import { allowed, authorize, type Ctx } from '../engine/context.ts';
import { present } from '../engine/present.ts';
import { getRow } from '../engine/read.ts';
import { resource } from '../engine/resources.ts';
import { ApiError, notFound } from '../engine/errors.ts';
import { refKey, refLabels, refTarget } from '../engine/ref-labels.ts';
import type { ServerResource } from '../engine/server-resource.ts';

const LIMIT = 200;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `GET /api/history/{resource}/{id}` → `{data: HistoryEntry[]}`, newest first (at most 200): who
 * changed which fields from what to what, and when, from the audit log. The caller sees what they
 * may read of the record: the record must be readable by them now (or, once deleted, they must be
 * allowed to edit its kind), and each side of a change goes through the same output rules as a
 * read, so guarded costs and private user details never show in a history either.
 *
 * A reference's change also names the records (`from_label`/`to_label`: "Acme Glass", not 4),
 * read for the whole history in one statement (ref-labels.ts) by the caller's rights; a record
 * the caller may not read, or one gone for good, is named by the record's own stored copy of the
 * name (a job's `client_name`) when it keeps one, else not at all. That stored copy then says
 * nothing the reference does not: its own line is left out next to the reference's. A list of
 * references (an estimate's alternate categories) is named as its names, "#4" for one not readable.
 */
/** An audit row as the history reads it, with the name of its user. */
type AuditRow = {
  id: number;
  action: string;
  user_id: number | null;
  actor: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
  user_name: string | null;
};

export async function recordHistory({ ctx, resource: name, id }: { ctx: Ctx; resource: string; id: number }): Promise<{ data: HistoryEntry[] }> {
  const res = resource(name);
  // The action declares only a session: the right to read is the named resource's.
  authorize(ctx, 'view', res.def.read);
  // The access check (its error, if any, in `denied`) and the audit rows are read together, one
  // round trip instead of two in a row; the rows are only answered once the check has passed.
  const [denied, rows] = await Promise.all([
    getRow(ctx, name, id).then(
      () => null,
      (e: unknown) => e,
    ),
    ctx.db.query<AuditRow>(
      `SELECT a.id, a.action, a.user_id, a.actor, a.before, a.after, a.created_at, u.name AS user_name
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
  // Not the fixed slice a resource is of (a job's `is_template`): the same in every entry.
  const fields = Object.entries(res.def.fields)
    .filter(([k, fd]) => !fd.writeOnly && !fd.computed && !(res.def.fixed && k in res.def.fixed))
    .map(([k]) => k);
  // A creation's flags and lists left as they start (every "complete: No" of a new job) say nothing.
  const startsAs = (field: string, value: unknown) => {
    const fd = res.def.fields[field]!;
    return (fd.kind === 'bool' || fd.kind === 'json' || fd.kind === 'idList') && same(value, fd.default);
  };
  const shown = (r: unknown): Row => (r && typeof r === 'object' ? present(ctx, res, { ...(r as Row), id }) : {});
  const entries = rows.map((r) => {
    const creating = r.action === 'create' || r.action === 'duplicate';
    const before = creating ? {} : shown(r.before);
    const after = shown(r.after);
    const changes = fields
      .filter((k) => (k in before || k in after) && !same(before[k], after[k]) && !(creating && startsAs(k, after[k])))
      .map((k): HistoryChange => ({ field: k, from: before[k] ?? null, to: after[k] ?? null }));
    const entry: HistoryEntry = {
      id: r.id,
      action: r.action,
      at: new Date(r.created_at).toISOString(),
      user_id: r.user_id ?? null,
      // a change without a user names who made it (the client, by the approval link)
      user_name: r.user_id === 0 ? 'System' : (r.user_name ?? r.actor ?? null),
      changes,
    };
    return { entry, before, after };
  });
  await nameReferences(ctx, res, entries);
  return { data: entries.map((e) => e.entry) };
}

/** `client_id` → `client_name`, when the resource stores that copy of the referenced name. */
function storedNameField(res: ServerResource, field: string): string | undefined {
  const name = `${field.replace(/_id$/, '')}_name`;
  const fd = res.def.fields[name];
  return name !== field && fd?.readOnly && !fd.computed ? name : undefined;
}

/** Adds `from_label`/`to_label` to every reference's change (see recordHistory). */
async function nameReferences(ctx: Ctx, res: ServerResource, entries: { entry: HistoryEntry; before: Row; after: Row }[]): Promise<void> {
  const targets = new Map<string, ServerResource | undefined>();
  const targetOf = (field: string) => {
    if (!targets.has(field)) targets.set(field, refTarget(res, field));
    return targets.get(field);
  };
  const wanted = new Map<ServerResource, Set<number>>();
  for (const { entry } of entries) {
    for (const c of entry.changes) {
      const target = targetOf(c.field);
      if (!target) continue;
      if (!wanted.has(target)) wanted.set(target, new Set());
      for (const v of [c.from, c.to].flat()) if (typeof v === 'number') wanted.get(target)!.add(v);
    }
  }
  if (!wanted.size) return;
  const labels = await refLabels(ctx, wanted);
  for (const { entry, before, after } of entries) {
    const copies = new Set<string>();
    for (const c of entry.changes) {
      const target = targetOf(c.field);
      if (!target) continue;
      const copy = storedNameField(res, c.field);
      const label = (v: unknown, row: Row): string | null => {
        // a list of references: their names, "#id" for one the caller may not read
        if (Array.isArray(v)) return v.length ? v.map((id) => (typeof id === 'number' && labels.get(refKey(target, id))) || `#${String(id)}`).join(', ') : null;
        if (typeof v !== 'number') return null;
        const stored = copy ? row[copy] : undefined;
        return labels.get(refKey(target, v)) ?? (typeof stored === 'string' && stored ? stored : null);
      };
      c.from_label = label(c.from, before);
      c.to_label = label(c.to, after);
      if (copy) copies.add(copy);
    }
    if (copies.size) entry.changes = entry.changes.filter((c) => !copies.has(c.field));
  }
}
