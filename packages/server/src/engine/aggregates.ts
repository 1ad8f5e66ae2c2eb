/**
 * Aggregates and state (docs/platform.md, Aggregates and state): the two rules the generic write path keeps for records made of
 * a parent and its children, and for columns that only a named action moves.
 *
 * - A state column (a field with `state`, e.g. an order's `sent_at`) is not an input: a generic
 *   write that would change it answers 422 on the field with the field's message, which names the
 *   action; echoing the stored value (a whole-record save) is fine.
 * - A child's write (create, update, delete, restore, also from a named action) is a change of its
 *   parent: the parent's `updated_at` moves on, so a whole-record save of the parent carrying the
 *   old child list answers 409 (the engine's stale-update check) instead of deleting what it did
 *   not see, and a GET `?accessed_at` of the parent is no longer current.
 */
import { sql } from 'drizzle-orm';
import type { FieldDef } from '@glazier/shared/resources/fields';
import type { ResourceName } from '@glazier/shared/resources/registry';
import { parentsOf } from '@glazier/shared/resources/aggregates';
import type { Row } from '../db/client.ts';
import type { Ctx } from './context.ts';
import { invalid } from './errors.ts';
import type { ServerResource } from './server-resource.ts';

const stateFieldsByResource = new Map<string, [string, FieldDef & { state: string }][]>();

function stateFields(res: ServerResource) {
  let found = stateFieldsByResource.get(res.name);
  if (!found) {
    found = Object.entries(res.def.fields).filter((e): e is [string, FieldDef & { state: string }] => e[1].state !== undefined);
    stateFieldsByResource.set(res.name, found);
  }
  return found;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Whether a sent value is the stored one (timestamps compared as instants: the stored value may be read back in another format). */
function sameValue(fd: FieldDef, sent: unknown, stored: unknown): boolean {
  if (blank(sent) || blank(stored)) return blank(sent) && blank(stored);
  if (fd.kind === 'timestamp') {
    const a = new Date(sent as string).getTime();
    return !Number.isNaN(a) && a === new Date(stored as string | Date).getTime();
  }
  return String(sent) === String(stored);
}

/**
 * 422 when the body would change a state column of the record (`existing`; for a new record, the
 * field's default). Runs after the stale-update check, so a stale body that merely echoes an old
 * state answers 409.
 */
export function refuseStateChanges(res: ServerResource, body: Row, existing: Row | null, prefix = ''): void {
  const errors: Record<string, string[]> = {};
  for (const [name, fd] of stateFields(res)) {
    if (!(name in body)) continue;
    const stored = existing ? existing[name] : (fd.default ?? null);
    if (!sameValue(fd, body[name], stored)) errors[`${prefix}${name}`] = [fd.state];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * Moves on `updated_at` of the parents of child rows just written (before and after a write: a
 * child moved to another parent changes both), in the caller's transaction. Strictly later than
 * the stored value, so two writes within one millisecond still count. No audit row: the child's
 * own row says what changed. A child written inside its parent's own save does not call this (the
 * parent's save already moved its `updated_at`, and answers it).
 */
export async function touchParents(ctx: Ctx, res: ServerResource, ...rows: (Row | null | undefined)[]): Promise<void> {
  const parents = parentsOf(res.name as ResourceName);
  if (!parents.length) return;
  const now = new Date().toISOString();
  const done = new Set<string>();
  for (const { table, foreignKey } of parents) {
    if (done.has(`${table}.${foreignKey}`)) continue; // jobs and job templates share a table
    done.add(`${table}.${foreignKey}`);
    const ids = [...new Set(rows.map((r) => r?.[foreignKey]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    await ctx.db.orm.execute(
      sql`UPDATE ${sql.identifier(table)} SET updated_at = greatest(${now}::timestamptz, updated_at + interval '1 millisecond') WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
  }
}
