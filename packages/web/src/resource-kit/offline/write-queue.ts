/**
 * The writes made without a connection (field work offline), kept on the device
 * and sent in the order they were made once the server can be reached again.
 *
 * Pure of the browser: where the writes are kept (`QueueStore`: IndexedDB in the app, memory in
 * tests) and how one is sent (`send`) are given. A write the server refuses (a 409 conflict, a
 * 422, a 403…) waits, marked with the server's answer, for the person to choose: keep theirs
 * (`keepMine`: sent again, over the server's current version) or the server's (`dropMine`). Writes
 * of other records go on meanwhile; later writes of the same record wait behind the refused one,
 * so they never arrive out of order.
 *
 * Each write is sent with its key as `Idempotency-Key`: the server makes it once however often it
 * arrives (an answer lost on the way back, two tabs sending the same kept write). The store is
 * shared by the device's tabs, so every change of the list is one atomic update of the stored list
 * (never a whole list written over another tab's), and each round starts from the stored list (a
 * write another tab sent is not sent again; one it kept is sent too).
 */

export type QueuedMethod = 'POST' | 'PATCH' | 'DELETE';

export interface QueuedWrite {
  /** Unique (and the request's Idempotency-Key); the queue's order is the order writes were made. */
  key: string;
  resource: string;
  method: QueuedMethod;
  path: string;
  body: Record<string, unknown>;
  /** The record a PATCH changes or a DELETE removes (null for a create). */
  recordId: number | null;
  /** A create's record until the server has it: its id, negative (given by `add`, unique in the queue). */
  provisionalId?: number;
  /** What the person did, in their words ("Time Entry 07:30 on 11/23/2026"). */
  label: string;
  /**
   * Who made it (the signed-in user's id). It is sent only while they are the one signed in: a
   * phone handed to a colleague must not send one person's hours under another's session.
   */
  userId?: number | null;
  queuedAt: string;
  /** The server's refusal, once sent: the write then waits for the person's choice. */
  problem?: WriteProblem;
}

export interface WriteProblem {
  status: number;
  message: string;
}

export interface QueueStore {
  load(): Promise<QueuedWrite[]>;
  /** Changes the stored list in one atomic step (other tabs change it too); answers the list stored. */
  update(change: (writes: QueuedWrite[]) => QueuedWrite[]): Promise<QueuedWrite[]>;
}

/** How sending one write ended. */
export type SendOutcome =
  | { kind: 'sent'; record: Record<string, unknown> }
  /** Not reached, signed out, or the server failing: stop, and try again later. */
  | { kind: 'retry' }
  | { kind: 'refused'; problem: WriteProblem };

export interface WriteQueueOptions {
  store: QueueStore;
  send: (write: QueuedWrite) => Promise<SendOutcome>;
  /** The server's current version of a record (keepMine sends over it), or null when gone. */
  fetchCurrent?: (write: QueuedWrite) => Promise<Record<string, unknown> | null>;
  onSent?: (write: QueuedWrite, record: Record<string, unknown>) => void;
  /** Who is signed in now (null: nobody); a write made by someone else waits for them. */
  sender?: () => number | null;
  onDropped?: (write: QueuedWrite) => void;
}

/** The store of tests: one list in memory, shared by the queues given it (as tabs share IndexedDB). */
export class MemoryQueueStore implements QueueStore {
  writes: QueuedWrite[] = [];
  load() {
    return Promise.resolve(structuredClone(this.writes));
  }
  update(change: (writes: QueuedWrite[]) => QueuedWrite[]) {
    this.writes = structuredClone(change(structuredClone(this.writes)));
    return Promise.resolve(structuredClone(this.writes));
  }
}

/**
 * A record as the screens show it before the server has it: the write's body, `pending: true`, and
 * for a new record a negative id (a real one comes once it is sent). The body is what the save sent
 * of this record, so it stands for the record's type.
 */
export function provisionalRecord<R>(body: Record<string, unknown>, id: number): R {
  return { ...body, id, pending: true } as R;
}

/**
 * Records with the kept writes of their resource laid over them, in the queue's order: a create
 * adds its provisional record (the id the save answered), a change is laid over the record it
 * changes, a delete removes it.
 */
export function applyKeptWrites<R extends { id: number }>(resource: string, records: readonly R[], writes: readonly QueuedWrite[]): (R & { pending?: true })[] {
  const mine = writes.filter((w) => w.resource === resource);
  if (!mine.length) return records as R[];
  let out: (R & { pending?: true })[] = [...records];
  let created = 0;
  for (const w of mine) {
    // (a write kept before provisional ids were kept with it: one by its place)
    if (w.method === 'POST') out.push(provisionalRecord<R & { pending: true }>(w.body, w.provisionalId ?? -++created));
    else if (w.method === 'DELETE') out = out.filter((r) => r.id !== w.recordId);
    else out = out.map((r) => (r.id === w.recordId ? { ...r, ...w.body, id: r.id, pending: true } : r));
  }
  return out;
}

const sameRecord = (a: QueuedWrite, b: QueuedWrite) => a.recordId != null && a.resource === b.resource && a.recordId === b.recordId;

/** A write's key: its time (for reading) and 96 random bits (getRandomValues: also on plain http, unlike randomUUID). */
export function newWriteKey(): string {
  const random = crypto.getRandomValues(new Uint8Array(12));
  return `${Date.now().toString(36)}-${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export class WriteQueue {
  #writes: QueuedWrite[] = [];
  #listeners = new Set<() => void>();
  #loaded: Promise<void>;
  #flushing: Promise<void> | null = null;
  #again = false;
  /** The last provisional id given (never given twice while the page lives, nor twice in the queue). */
  #lastProvisional = 0;
  readonly #options: WriteQueueOptions;

  constructor(options: WriteQueueOptions) {
    this.#options = options;
    this.#loaded = options.store.load().then(
      (writes) => this.#set(writes),
      (e: unknown) => console.warn('Could not read the writes kept offline', e),
    );
  }

  /** Resolves once the kept writes are read. */
  ready(): Promise<void> {
    return this.#loaded;
  }

  /** The writes waiting, in order (a new array after every change: a snapshot for React). */
  get writes(): readonly QueuedWrite[] {
    return this.#writes;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  /** Whether a write of this record is waiting (a new write of it must then wait behind it). */
  hasWaiting(resource: string, recordId: number | null | undefined): boolean {
    return recordId != null && this.#writes.some((w) => w.resource === resource && w.recordId === recordId);
  }

  /**
   * Keeps a write to send later (a create gets its provisional id); resolves once it is stored on
   * the device. `key` is the one its first try was sent with, if it was: a resend must carry it.
   */
  async add(write: Omit<QueuedWrite, 'key' | 'queuedAt' | 'provisionalId'> & { key?: string }): Promise<QueuedWrite> {
    await this.#loaded;
    const queued: QueuedWrite = { ...write, key: write.key ?? newWriteKey(), queuedAt: new Date().toISOString() };
    await this.#change((writes) => {
      if (write.method === 'POST')
        queued.provisionalId = this.#lastProvisional = Math.min(this.#lastProvisional, ...writes.map((w) => w.provisionalId ?? 0)) - 1;
      return [...writes, queued];
    });
    return queued;
  }

  /** Reads the stored list again (another tab changed it). */
  async reload(): Promise<void> {
    await this.#loaded;
    try {
      this.#set(await this.#options.store.load());
    } catch (e) {
      console.warn('Could not read the writes kept offline', e);
    }
  }

  /**
   * Sends what can be sent, in order: a refused write is marked and skipped (and so is every
   * later write of its record); a write that cannot get through stops the round (the rest wait).
   * One round at a time; a call during a round runs another after it.
   */
  flush(): Promise<void> {
    if (this.#flushing) {
      this.#again = true;
      return this.#flushing;
    }
    this.#flushing = (async () => {
      await this.#loaded;
      do {
        this.#again = false;
        await this.#round();
      } while (this.#again);
    })().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  /** Whether the write waits for the person who made it to sign in again. */
  heldForAnother(write: QueuedWrite): boolean {
    const sender = this.#options.sender?.();
    return write.userId != null && sender != null && sender !== write.userId;
  }

  async #round(): Promise<void> {
    // from the stored list: what another tab sent meanwhile is not sent again
    await this.reload();
    // a refused write holds back the later writes of its record until it is settled; so does one
    // that waits for the person who made it
    const blocked = this.#writes.filter((w) => w.problem || this.heldForAnother(w));
    for (;;) {
      const next = this.#writes.find((w) => !w.problem && !this.heldForAnother(w) && !blocked.some((b) => sameRecord(b, w)));
      if (!next) return;
      let outcome: SendOutcome;
      try {
        outcome = await this.#options.send(next);
      } catch (e) {
        console.warn('Could not send a write kept offline', e);
        outcome = { kind: 'retry' };
      }
      if (outcome.kind === 'retry') return;
      if (outcome.kind === 'refused') {
        blocked.push(next);
        await this.#change((writes) => replaced(writes, next.key, (w) => ({ ...w, problem: outcome.problem })));
      } else {
        await this.#change((writes) => writes.filter((w) => w.key !== next.key));
        this.#options.onSent?.(next, outcome.record);
      }
    }
  }

  /** Keep theirs: sent again, over the server's current version of the record (its `updated_at`). */
  async keepMine(key: string): Promise<void> {
    const write = this.#writes.find((w) => w.key === key);
    if (!write) return;
    let body = write.body;
    if (write.recordId != null && 'updated_at' in body && this.#options.fetchCurrent) {
      const current = await this.#options.fetchCurrent(write);
      if (current && 'updated_at' in current) body = { ...body, updated_at: current.updated_at };
    }
    await this.#change((writes) => replaced(writes, key, (w) => ({ ...w, body, problem: undefined })));
    await this.flush();
  }

  /** The server's: this write (and the later ones of the same record) are dropped. */
  async dropMine(key: string): Promise<void> {
    const write = this.#writes.find((w) => w.key === key);
    if (!write) return;
    let dropped: QueuedWrite[] = [];
    await this.#change((writes) => {
      const at = writes.findIndex((w) => w.key === key);
      if (at < 0) return writes;
      dropped = writes.filter((w, i) => i === at || (i > at && sameRecord(write, w)));
      return writes.filter((w) => !dropped.includes(w));
    });
    for (const d of dropped) this.#options.onDropped?.(d);
    await this.flush();
  }

  /**
   * One change of the list, made on the stored list (atomically: another tab may have changed it)
   * and then shown. When the device cannot store it, the change is still made here, for this page.
   */
  async #change(change: (writes: QueuedWrite[]) => QueuedWrite[]): Promise<void> {
    try {
      this.#set(await this.#options.store.update(change));
    } catch (e) {
      console.warn('Could not keep the offline writes on the device', e);
      this.#set(change([...this.#writes]));
    }
  }

  #set(writes: QueuedWrite[]) {
    this.#writes = writes;
    for (const l of this.#listeners) l();
  }
}

const replaced = (writes: QueuedWrite[], key: string, change: (w: QueuedWrite) => QueuedWrite) => writes.map((w) => (w.key === key ? change(w) : w));
