/**
 * Writes sent with an `Idempotency-Key` header are made once. The offline queue of the web app
 * (resource-kit/offline) sends each write with a key of its own, and sends it again when no answer
 * came back: the answer may have been lost after the server made the change (a phone losing its
 * signal mid-request), or another tab of the same device may send the same kept write. The first
 * request runs and its answer is stored in the same transaction as its change; a later request with
 * that key answers the stored answer (header `Idempotent-Replayed: true`) and changes nothing. A
 * concurrent request with the same key waits for the first (the key's unique index) and is then
 * answered from it. A refused write (4xx) rolls back with its key, so sending it again reruns it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotency_keys } from '../db/schema.ts';
import type { Ctx } from '../engine/context.ts';
import { ApiError, invalid } from '../engine/errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** A key is remembered this long: far beyond any resend of a kept write. */
export const IDEMPOTENCY_KEEP_DAYS = 30;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;

/** The request's key, when it sent one (a malformed key is a 400, never ignored: the sender relies on it). */
function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'The Idempotency-Key header must be 8 to 200 letters, digits or . _ : -.', { [IDEMPOTENCY_HEADER]: ['Must be 8 to 200 letters, digits or . _ : -.'] });
  }
  return key;
}

/**
 * Runs a write once per key: `run` gets the context to write in (the key's transaction, which the
 * engine's own transactions join) and answers the body to send with `status`. Without a key (or
 * without a signed-in user, whose keys would have no owner) it simply runs.
 */
export async function onceByKey(request: FastifyRequest, reply: FastifyReply, status: number, run: (ctx: Ctx) => Promise<unknown>): Promise<FastifyReply> {
  const key = keyOf(request);
  const ctx = request.ctx;
  if (!key || !ctx.user) return reply.status(status).send(await run(ctx));
  const userId = ctx.user.id;
  const method = request.method;
  const path = request.url.split('?')[0]!;
  const answer = await ctx.db.transaction(async (db) => {
    // Waits for a concurrent request with this key to end; then inserts nothing when it committed.
    const claimed = await db.orm.insert(idempotency_keys).values({ user_id: userId, key, method, path }).onConflictDoNothing().returning({ key: idempotency_keys.key });
    if (!claimed.length) return { ...(await storedAnswer(db, userId, key, method, path)), replayed: true };
    const body = await run({ ...ctx, db });
    await db.orm
      .update(idempotency_keys)
      .set({ status, body: body === undefined ? null : sql`${JSON.stringify(body)}::jsonb` })
      .where(and(eq(idempotency_keys.user_id, userId), eq(idempotency_keys.key, key)));
    return { status, body, replayed: false };
  });
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.status(answer.status).send(answer.body);
}

async function storedAnswer(db: Db, userId: number, key: string, method: string, path: string): Promise<{ status: number; body: unknown }> {
  const [row] = await db.orm
    .select({ method: idempotency_keys.method, path: idempotency_keys.path, status: idempotency_keys.status, body: idempotency_keys.body })
    .from(idempotency_keys)
    .where(and(eq(idempotency_keys.user_id, userId), eq(idempotency_keys.key, key)));
  if (!row || row.status == null) throw new ApiError(409, 'This write is being made by another request; try again in a moment.');
  if (row.method !== method || row.path !== path) throw invalid({ [IDEMPOTENCY_HEADER]: ['This key was used for another request.'] });
  return { status: row.status, body: row.body };
}

/** Forgets keys older than IDEMPOTENCY_KEEP_DAYS (scheduled work, cli/main.ts); answers how many. */
export async function purgeOldIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  const before = new Date(now - IDEMPOTENCY_KEEP_DAYS * 86_400_000).toISOString();
  const gone = await db.orm.delete(idempotency_keys).where(lt(idempotency_keys.created_at, before)).returning({ key: idempotency_keys.key });
  return gone.length;
}
