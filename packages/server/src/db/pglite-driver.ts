/** PGlite in a worker thread, behind a lock file so two processes never share one data dir. */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DbError, PREPARED_MAX, withColumns, type PgliteReply, type PgliteRequest } from './driver-types.ts';
import type { Connection, Driver, NoticeHandlers, RowMode } from './client.ts';

type Reply = PgliteReply;

/**
 * A mutex served in arrival order, urgent waiters first (QueryOptions.urgent): PGlite has one
 * connection, so a transaction must own it until it ends.
 */
class Mutex {
  #busy = false;
  readonly #waiting: (() => void)[] = [];
  readonly #urgent: (() => void)[] = [];
  /** Holders and waiters (for the metrics: 1 is busy, more are queued). */
  queued = 0;
  lock(urgent = false): Promise<() => void> {
    this.queued++;
    return new Promise((resolve) => {
      const grant = () => {
        this.#busy = true;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.#release();
        });
      };
      if (!this.#busy) grant();
      else (urgent ? this.#urgent : this.#waiting).push(grant);
    });
  }
  #release(): void {
    this.queued--;
    const next = this.#urgent.shift() ?? this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DATA_DIR/pglite.lock; a live holder means another process owns the database. */
function takeLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The database in ${dataDir} is in use by another Glazier process (pid ${holder}). ` + 'Stop that process, or set DATA_DIR to another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

export async function createPgliteDriver(dataDir: string, preparedMax = PREPARED_MAX): Promise<Driver> {
  const pgdata = path.join(dataDir, 'pgdata');
  const unlock = takeLock(dataDir);
  // Node strips the worker's types by itself from 22.18; before that it needs the flag
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: { dataDir: pgdata, preparedMax },
    ...(process.features.typescript ? {} : { execArgv: ['--experimental-strip-types'] }),
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  let closed = false;

  try {
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: Reply) => {
        if (m.ready === undefined) return;
        worker.off('message', onMessage);
        if (m.ready) resolve();
        else reject(new Error(`PGlite failed to start: ${m.error?.message}`));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  } catch (e) {
    unlock();
    await worker.terminate();
    throw e;
  }

  worker.on('message', (m: Reply) => {
    if (m.id === undefined) return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(new DbError(m.error));
    else p.resolve(m.columns ? withColumns(m.rows ?? [], m.columns) : (m.rows ?? []));
  });
  // A worker that dies takes the database with it: fail every waiting and later query clearly
  // instead of leaving requests hanging.
  let died: DbError | undefined;
  const fail = (why: string) => {
    died ??= new DbError({ message: `The embedded database stopped unexpectedly (${why}). Restart Glazier.` });
    for (const p of pending.values()) p.reject(died);
    pending.clear();
  };
  worker.on('error', (e) => fail(e.message));
  worker.on('exit', (code) => {
    if (!closed) fail(`exit code ${code}`);
  });

  type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
  const send = (msg: Request) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (died) return reject(died);
      if (closed) return reject(new DbError({ message: 'The database is closed.' }));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...msg, id });
    });

  // the worker chooses PGlite's simple or extended protocol (pglite-worker.ts `run`)
  const raw: Connection = {
    run: (sql, params, mode: RowMode, options) => send({ op: 'query', sql, params, mode, prepare: options?.prepare, describe: options?.describe }),
  };
  const mutex = new Mutex();

  /**
   * A transaction's connection: a `deferred` statement waits and goes with the next one in one
   * message (the worker runs them in order, stopping at the first error), so BEGIN and an audit
   * row cost no round trip of their own. Between two round trips the transaction holds the one
   * connection while it waits for the HTTP thread, which is busy with other requests under load.
   */
  const batching = (): Connection => {
    let held: { sql: string; params: unknown[]; prepare?: boolean }[] = [];
    return {
      run(sql, params, mode: RowMode, options) {
        if (options?.deferred) {
          held.push({ sql, params, prepare: options.prepare });
          return Promise.resolve([]);
        }
        if (!held.length) return raw.run(sql, params, mode, options);
        const before = held;
        held = [];
        return send({ op: 'batch', before, sql, params, mode, prepare: options?.prepare, describe: options?.describe });
      },
    };
  };

  // LISTEN/NOTIFY within this process (PGlite serves one): a notice is handed to the listeners once its transaction commits
  const channels = new Map<string, Set<NoticeHandlers>>();

  return {
    kind: 'pglite',
    async listen(channel, handlers) {
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(handlers);
      return async () => void set.delete(handlers);
    },
    async notify(_conn, channel, payload, afterCommit) {
      afterCommit(() => {
        for (const handlers of [...(channels.get(channel) ?? [])]) {
          try {
            handlers.onNotice(payload);
          } catch {
            // a listener's failure is its own; the others still hear the notice
          }
        }
      });
    },
    shared: {
      async run(sql, params, mode, options) {
        const release = await mutex.lock(options?.urgent);
        try {
          return await raw.run(sql, params, mode, options);
        } finally {
          release();
        }
      },
    },
    async acquire() {
      const release = await mutex.lock();
      return { conn: batching(), release };
    },
    poolStats: () => ({ size: 1, idle: mutex.queued === 0 ? 1 : 0, waiting: Math.max(0, mutex.queued - 1) }),
    async close() {
      if (closed) return;
      const release = await mutex.lock();
      try {
        if (!died) await send({ op: 'close' });
      } finally {
        closed = true;
        release();
        await worker.terminate();
        unlock();
      }
    },
  };
}
