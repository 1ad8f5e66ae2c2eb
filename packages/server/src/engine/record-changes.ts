/**
 * Every committed change of a record, announced for live updates (platform/live/). The
 * audit row is written by every write, generic or named (audit.ts), so the announcement goes with
 * it: one place, no write forgotten. It names the record, its version and who changed it, never
 * a value; a child's change (a job's product) is also its parent's, whose version the engine moved on.
 *
 * The notice goes on the channel the app servers share (`Db.notify`: a NOTIFY on PostgreSQL, in
 * this process on PGlite), in the change's own transaction: it goes out when the change commits, to
 * every app server, this one included, and never when it rolls back; platform/change-listener.ts
 * hands it to the live streams.
 */
import { parentsOf } from '@glazier/shared/resources/aggregates';
import { RESOURCES, isResourceName, type ResourceName } from '@glazier/shared/resources/registry';
import type { Area } from '@glazier/shared/permissions';
import { announceRecords, type RecordChange } from '../platform/change-notices.ts';
import type { Row } from '../db/client.ts';
import type { Ctx } from './context.ts';
import { resource as serverResource } from './resources.ts';

const isoOf = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : null);

function idsOf(rows: (Row | null)[], column: string): number[] {
  const ids = new Set<number>();
  for (const row of rows) if (row && typeof row[column] === 'number') ids.add(row[column]);
  return [...ids];
}

/** The areas guarding every field that changed, when each changed field is guarded (an estimate item's cost alone). */
function guardsOfChange(resource: ResourceName, before: Row | null, after: Row | null): Area[] | undefined {
  if (!before || !after) return undefined;
  const fields = RESOURCES[resource].fields;
  const guards = new Set<Area>();
  for (const [name, field] of Object.entries(fields)) {
    if (JSON.stringify(before[name]) === JSON.stringify(after[name])) continue;
    if (!field.guard) return undefined;
    guards.add(field.guard);
  }
  return guards.size ? [...guards] : undefined;
}

/** The notices one audited write makes: the record's, each writable parent's, and each target's that shows it (shownOnTarget). */
export function recordChangesOf(ctx: Ctx, resource: string, action: string, recordId: number | null, before: Row | null, after: Row | null): RecordChange[] {
  if (recordId == null || !isResourceName(resource)) return [];
  const by = ctx.user ? { id: ctx.user.id, name: ctx.user.name } : ctx.actor ? { id: null, name: ctx.actor } : null;
  const at = new Date().toISOString();
  const own: RecordChange = { resource, id: recordId, version: after ? isoOf(after.updated_at) : null, action: after ? action : 'delete', by, at };
  const hears = serverResource(resource).hears;
  if (hears) own.rows = [before, after].filter((r): r is Row => r != null).map((r) => Object.fromEntries(hears.columns.map((c) => [c, r[c] ?? null])));
  const guarded = guardsOfChange(resource, before, after);
  if (guarded) own.guarded = guarded;
  const changes = [own];
  const also = (r: string, foreignKey: string) => {
    for (const id of idsOf([before, after], foreignKey))
      changes.push({ resource: r, id, version: null, action: 'update', by, at, ...(guarded && { guarded }) });
  };
  for (const parent of parentsOf(resource)) also(parent.resource, parent.foreignKey);
  for (const [name, field] of Object.entries(RESOURCES[resource].fields)) if (field.shownOnTarget && field.ref) also(field.ref, name);
  return changes;
}

export type { RecordChange };

/** Announces a write's record changes, at its commit. */
export async function announceRecordChanges(ctx: Pick<Ctx, 'db'>, changes: RecordChange[]): Promise<void> {
  if (!changes.length) return;
  await announceRecords(ctx.db, changes);
}
