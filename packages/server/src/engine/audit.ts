/**
 * The audit log: who changed what, with the record before and after (never a password hash).
 * Every write writes its row here, so this is also where the change is announced for live updates
 * (record-changes.ts), at the commit.
 */
import type { Row } from '../db/client.ts';
import type { Ctx } from './context.ts';
import { announceRecordChanges, recordChangesOf } from './record-changes.ts';

export async function recordAudit(ctx: Ctx, resource: string, action: string, recordId: number | null, before: Row | null, after: Row | null): Promise<void> {
  const strip = (r: Row | null) => {
    if (!r) return null;
    const { password_hash: _omit, ...rest } = r;
    return rest;
  };
  const json = (r: Row | null) => (r ? JSON.stringify(strip(r)) : null);
  // Nothing waits for the row: in a transaction it goes with the next statement (QueryOptions.deferred).
  await ctx.db.query(
    'INSERT INTO audit_log (user_id, actor, resource, record_id, action, before, after) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)',
    [ctx.user?.id ?? null, ctx.user ? null : (ctx.actor ?? null), resource, recordId, action, json(before), json(after)],
    { deferred: true, prepare: true },
  );
  await announceRecordChanges(ctx, recordChangesOf(ctx, resource, action, recordId, before, after));
}
