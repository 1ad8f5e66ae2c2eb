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
import type { Ctx } from '../engine/context.ts';
import { ApiError } from '../engine/errors.ts';
import { claimKey, keepAnswer, storedAnswer } from '../platform/idempotency-keys.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;

/** The request's key, when it sent one (a malformed key is a 400, never ignored: the sender relies on it). */
function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'The Idempotency-Key header must be 8 to 200 letters, digits or . _ : -.', {
      [IDEMPOTENCY_HEADER]: ['Must be 8 to 200 letters, digits or . _ : -.'],
    });
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
  const use = { userId: ctx.user.id, key, method: request.method, path: request.url.split('?')[0]! };
  const answer = await ctx.db.transaction(async (db) => {
    if (!(await claimKey(db, use))) return { ...(await storedAnswer(db, use, IDEMPOTENCY_HEADER)), replayed: true };
    const body = await run({ ...ctx, db });
    await keepAnswer(db, use, status, body);
    return { status, body, replayed: false };
  });
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.status(answer.status).send(answer.body);
}
