/**
 * Claiming and settling queued work, one way for every queue (the outbox's messages, background
 * jobs): a row is `queued` with its `next_attempt_at`, and any number of servers sharing the
 * database claim what is due in one short statement (`FOR UPDATE SKIP LOCKED`: two servers never
 * claim the same row, and neither waits on the other), marking it running with the claimer's
 * name and the time. The work then runs with no transaction held for it, and its outcome is
 * written only while the claim is still the claimer's: a claim older than the queue's timeout (its
 * server died mid-run) is taken again by another, and the late outcome of the first changes nothing.
 * A failure worth another try waits a backoff that doubles from a minute up to six hours.
 */
import os from 'node:os';
import type { Db, Row } from '../../db/client.ts';

/** A table of queued work: the columns status, attempts, next_attempt_at, claimed_by, claimed_at, updated_at. */
export interface WorkQueue {
  table: 'mail_outbox' | 'background_jobs';
  /** The status of a claimed row (`sending` for mail). */
  running: string;
  /** A claim older than this is its server's that died: taken again. */
  claimTimeoutMs: number;
}

const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 6 * 3600_000;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number): number => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** Who claims: host, process and a per-runner number (two apps in one process are two claimers). */
let claimers = 0;
export const claimerName = () => `${os.hostname()}:${process.pid}:${++claimers}`;

/**
 * Claims up to `limit` due rows of `queue` (`where`: more conditions, on its columns, with `params` from $4)
 * for `claimer`, counting the attempt; answers `returning` of each.
 */
export function claimDue<T = Row>(
  db: Db,
  queue: WorkQueue,
  { claimer, limit, returning, where = 'true', params = [] }: { claimer: string; limit: number; returning: string; where?: string; params?: unknown[] },
): Promise<T[]> {
  const { table, running, claimTimeoutMs } = queue;
  return db.query<T>(
    `UPDATE ${table} SET status = '${running}', claimed_by = $1, claimed_at = now(), attempts = attempts + 1, updated_at = now()
      WHERE id IN (SELECT id FROM ${table}
                    WHERE ((status = 'queued' AND next_attempt_at <= now())
                        OR (status = '${running}' AND claimed_at < now() - make_interval(secs => $2::double precision / 1000)))
                      AND (${where})
                    ORDER BY next_attempt_at, id LIMIT $3
                    FOR UPDATE SKIP LOCKED)
      RETURNING ${returning}`,
    [claimer, claimTimeoutMs, limit, ...params],
  );
}

/**
 * Writes a claimed row's outcome (`sets`, with `params` from $3), releasing the claim, only while
 * it is still `claimer`'s; answers `returning` of the row, none when the claim was lost.
 */
export function settleClaim<T = Row>(
  db: Db,
  queue: WorkQueue,
  { id, claimer, sets, params = [], returning = 'id' }: { id: number; claimer: string; sets: string; params?: unknown[]; returning?: string },
): Promise<T[]> {
  return db.query<T>(
    `UPDATE ${queue.table} SET ${sets}, claimed_by = NULL, claimed_at = NULL, updated_at = now()
      WHERE id = $1 AND claimed_by = $2 AND status = '${queue.running}'
      RETURNING ${returning}`,
    [id, claimer, ...params],
  );
}

/** The `sets` of a failure worth another try: queued again after the backoff (its reason at `$n`, the delay at `$n+1`). */
export const retryLater = (reasonParam: number) =>
  `status = 'queued', last_error = $${reasonParam}, next_attempt_at = now() + make_interval(secs => $${reasonParam + 1}::double precision / 1000)`;
