/** The audit log: who changed what, with the record before and after (never a password hash). */
import type { Row } from '../db/client.ts';
import { audit_log } from '../db/schema.ts';
import type { Ctx } from './context.ts';

export async function recordAudit(ctx: Ctx, resource: string, action: string, recordId: number | null, before: Row | null, after: Row | null): Promise<void> {
  const strip = (r: Row | null) => {
    if (!r) return null;
    const { password_hash: _omit, ...rest } = r;
    return rest;
  };
  await ctx.db.orm.insert(audit_log).values({ user_id: ctx.user?.id ?? null, resource, record_id: recordId, action, before: strip(before), after: strip(after) });
}
