/**
 * The one runner of background work (docs/architecture.md, Background work): every kind of job a
 * server does outside requests (delivering the outbox, the scheduled purges, the exports and
 * reminders to come) is a `JobKind` declared to it, and the runner, started once with the app
 * (http/app.ts), looks for each kind's due work every `pollMs` and whenever the kind is woken, one
 * run per kind at a time (a wake during a run makes it look once more at its end), and stops them
 * with the app. How a kind claims and settles its rows across servers is claims.ts.
 */
import { claimerName } from './claims.ts';

export interface JobLog {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JobKind {
  /** Its name in the log and in `runDue`. */
  name: string;
  /** How often it looks for due work without being woken. */
  pollMs: number;
  /** Claims what is due and does it, settling each claim (claims.ts), until nothing is due; answers how many were done. */
  runDue(claimer: string, log: JobLog): Promise<number>;
  /** Calls `wake` whenever work may have fallen due (a commit that queued some); answers how to stop. */
  wakeOn?(wake: () => void): () => void;
  /** Lets go of what the kind holds (a mail transport) once the runner stopped. */
  close?(): void;
}

export interface JobRunner {
  /** This runner's name on its claims (host, process, number). */
  readonly claimer: string;
  readonly kinds: readonly string[];
  /** Runs a kind's due work now (again while more is due), as a poll or a wake would. */
  runDue(kind: string): Promise<number>;
  /** Makes a kind look for due work now. */
  wake(kind: string): void;
  /** Starts polling and listening for wakes; a kind's first look is at once. */
  start(log: JobLog): void;
  /** Stops polling; runs in progress finish. */
  stop(): Promise<void>;
}

export function createJobRunner(kinds: readonly JobKind[]): JobRunner {
  const claimer = claimerName();
  let log: JobLog = { info: () => undefined, warn: () => undefined };
  let stopped = false;
  const stops: (() => void)[] = [];
  const state = new Map(kinds.map((k) => [k.name, { kind: k, running: undefined as Promise<number> | undefined, again: false }]));

  const of = (name: string) => {
    const s = state.get(name);
    if (!s) throw new Error(`No job kind ${name} on this runner (it has ${[...state.keys()].join(', ') || 'none'}).`);
    return s;
  };

  const runDue = async (name: string): Promise<number> => {
    const s = of(name);
    if (s.running) {
      s.again = true;
      return s.running;
    }
    s.running = (async () => {
      let total = 0;
      do {
        s.again = false;
        total += await s.kind.runDue(claimer, log);
      } while (s.again && !stopped);
      return total;
    })();
    try {
      return await s.running;
    } finally {
      s.running = undefined;
    }
  };

  const wake = (name: string) => {
    if (stopped) return;
    void runDue(name).catch((e: unknown) => log.warn({ err: e }, `${name} failed; its work stays queued and is tried again`));
  };

  return {
    claimer,
    kinds: [...state.keys()],
    runDue,
    wake,
    start(l) {
      log = l;
      for (const { kind } of state.values()) {
        const timer = setInterval(() => wake(kind.name), kind.pollMs);
        timer.unref();
        stops.push(() => clearInterval(timer));
        if (kind.wakeOn) stops.push(kind.wakeOn(() => wake(kind.name)));
        wake(kind.name);
      }
    },
    async stop() {
      stopped = true;
      for (const stop of stops.splice(0)) stop();
      await Promise.all([...state.values()].map((s) => s.running?.catch(() => undefined)));
      for (const { kind } of state.values()) kind.close?.();
    },
  };
}
