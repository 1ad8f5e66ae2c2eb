/**
 * The stored answers of writes sent with an Idempotency-Key (http/idempotency.ts makes a write once
 * per key with these): a key is claimed in the write's transaction, its answer kept in the same
 * transaction, and forgotten after IDEMPOTENCY_KEEP_DAYS by scheduled work.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotency_keys } from '../db/schema.ts';
import { ApiError, invalid } from '../engine/errors.ts';

/** A key is remembered this long: far beyond any resend of a kept write. */
export const IDEMPOTENCY_KEEP_DAYS = 30;

/** One use of a key: whose, and on which request. */
export interface KeyUse {
  userId: number;
  key: string;
  method: string;
  path: string;
}

const byKey = (use: KeyUse) => and(eq(idempotency_keys.user_id, use.userId), eq(idempotency_keys.key, use.key));

/**
 * Claims the key for this request; false when it was used already. A concurrent request holding it
 * is waited for (the unique index): once it commits this answers false, once it rolls back, true.
 */
export async function claimKey(db: Db, use: KeyUse): Promise<boolean> {
  const claimed = await db.orm
    .insert(idempotency_keys)
    .values({ user_id: use.userId, key: use.key, method: use.method, path: use.path })
    .onConflictDoNothing()
    .returning({ key: idempotency_keys.key });
  return claimed.length > 0;
}

/** Keeps the answer of the write that claimed the key (in its transaction). */
export async function keepAnswer(db: Db, use: KeyUse, status: number, body: unknown): Promise<void> {
  await db.orm
    .update(idempotency_keys)
    .set({ status, body: body === undefined ? null : sql`${JSON.stringify(body)}::jsonb` })
    .where(byKey(use));
}

/** The answer kept for a key used already; a 422 on `field` when it was used for another request. */
export async function storedAnswer(db: Db, use: KeyUse, field: string): Promise<{ status: number; body: unknown }> {
  const [row] = await db.orm
    .select({ method: idempotency_keys.method, path: idempotency_keys.path, status: idempotency_keys.status, body: idempotency_keys.body })
    .from(idempotency_keys)
    .where(byKey(use));
  if (!row || row.status == null) throw new ApiError(409, 'This write is being made by another request; try again in a moment.');
  if (row.method !== use.method || row.path !== use.path) throw invalid({ [field]: ['This key was used for another request.'] });
  return { status: row.status, body: row.body };
}

/** Forgets keys older than IDEMPOTENCY_KEEP_DAYS (scheduled work, cli/main.ts); answers how many. */
export async function purgeOldIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  const before = new Date(now - IDEMPOTENCY_KEEP_DAYS * 86_400_000).toISOString();
  const gone = await db.orm.delete(idempotency_keys).where(lt(idempotency_keys.created_at, before)).returning({ key: idempotency_keys.key });
  return gone.length;
}
