/**
 * Scheduled work (the trash purge, expired sessions, anything later areas add) runs once across
 * every app server sharing the database, not once per server: each server asks now and then
 * whether a task is due, and the one that takes the task's advisory lock and finds it due runs it,
 * in the same transaction that records when it ran (a settings row, `schedule:<task>`). A run that
 * fails rolls back with its record, so the next check tries again.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/client.ts';
import { readSetting, writeSystemSetting } from './settings.ts';

/** The advisory lock class (first key) of scheduled tasks; the second key is the task's name hashed. */
const LOCK_CLASS = 727_100;

export interface ScheduledTask {
  name: string;
  /** At most one run per this many milliseconds, across servers. */
  everyMs: number;
  /** The work, in the transaction that holds the lock; answers a line for the log. */
  run(tx: Db): Promise<string>;
}

export type ScheduledOutcome = { ran: true; summary: string } | { ran: false; why: 'busy' | 'not due'; lastRun?: string };

const lockKey = (name: string) => crypto.createHash('sha256').update(name).digest().readInt32BE(0);
export const scheduleSettingName = (task: string) => `schedule:${task}`;

export async function runIfDue(db: Db, task: ScheduledTask, now = Date.now()): Promise<ScheduledOutcome> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS got', [LOCK_CLASS, lockKey(task.name)]);
    if (!lock?.got) return { ran: false, why: 'busy' }; // another server runs it right now
    const last = await readSetting(tx, scheduleSettingName(task.name));
    const lastAt = last ? Date.parse((JSON.parse(last) as { at: string }).at) : NaN;
    if (Number.isFinite(lastAt) && now - lastAt < task.everyMs) return { ran: false, why: 'not due', lastRun: last ?? undefined };
    const summary = await task.run(tx);
    await writeSystemSetting(
      tx,
      scheduleSettingName(task.name),
      JSON.stringify({ at: new Date(now).toISOString(), by: `${os.hostname()}:${process.pid}`, summary }),
    );
    return { ran: true, summary };
  });
}

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Checks each task at once and then every `checkEveryMs` (a task due daily is checked hourly, so
 * it runs within an hour of falling due on whichever server looks first). Answers how to stop.
 */
export function startSchedule(db: Db, tasks: ScheduledTask[], log: Log, checkEveryMs = 3600_000): { first: Promise<void>; stop: () => void } {
  const check = async () => {
    for (const task of tasks) {
      try {
        const outcome = await runIfDue(db, task);
        if (outcome.ran) log.info(`scheduled ${task.name} ran: ${outcome.summary}`);
      } catch (e) {
        log.warn({ err: e }, `scheduled ${task.name} failed; it is tried again at the next check`);
      }
    }
  };
  const first = check();
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
