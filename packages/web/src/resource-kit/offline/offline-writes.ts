/**
 * The app's offline writes: the one queue (write-queue.ts) kept in IndexedDB
 * (idb-keyval), sent through the app's HTTP client when the browser is back online, at start, and
 * every half minute while writes wait. A save opts in (`saveRecord(…, { offline })`, saves.ts):
 * a time entry, a pickup item's status, a to-do list check-off; so does a delete (`deleteRecord`:
 * a time entry's); made without a connection, or
 * failing for want of one, it is kept here and answered at once with a provisional record
 * (`pending: true`), which lists show until the server has it.
 */
import { createStore, get, update, type UseStore } from 'idb-keyval';
import type { HttpError, NetworkError, http } from '../http/http.ts';
import { WriteQueue, newWriteKey, provisionalRecord, type QueueStore, type QueuedMethod, type QueuedWrite, type SendOutcome } from './write-queue.ts';

const KEY = 'writes';

/**
 * IndexedDB, one value (the whole list: a handful of writes), changed in one readwrite transaction
 * at a time, so two tabs' changes never overwrite each other; each change is told to the other
 * tabs, which read the list again. Without IndexedDB, the list lives in this page only.
 */
class IdbQueueStore implements QueueStore {
  #store: UseStore | null = null;
  #memory: QueuedWrite[] = [];
  readonly #tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('glazier-offline-writes');
  #db(): UseStore | null {
    if (typeof indexedDB === 'undefined') return null;
    return (this.#store ??= createStore('glazier-offline', 'writes'));
  }
  async load(): Promise<QueuedWrite[]> {
    const db = this.#db();
    return db ? ((await get<QueuedWrite[]>(KEY, db)) ?? []) : this.#memory;
  }
  async update(change: (writes: QueuedWrite[]) => QueuedWrite[]): Promise<QueuedWrite[]> {
    const db = this.#db();
    if (!db) return (this.#memory = change(this.#memory));
    let stored: QueuedWrite[] = [];
    await update<QueuedWrite[]>(KEY, (writes) => (stored = change(writes ?? [])), db);
    this.#tabs?.postMessage('changed');
    return stored;
  }
  /** Another tab changed the list. */
  onChangedElsewhere(listener: () => void): void {
    this.#tabs?.addEventListener('message', listener);
  }
}
const store = new IdbQueueStore();

/** Statuses worth trying again later, as they are: signed out, a stale token, a busy or failing server. */
const RETRY_STATUSES = new Set([401, 408, 419, 429]);

/**
 * What the queue needs of the app, given at its start (offline-wiring.ts): its HTTP client and what its
 * errors mean, where to show the queue (offline.ts `keptWrites`), and what the cache does with a write once
 * sent or dropped. Given rather than imported, so this module's chunk shares nothing with the
 * first screen's (whose weight has a budget).
 */
export interface OfflineDeps {
  http: typeof http;
  HttpError: typeof HttpError;
  NetworkError: typeof NetworkError;
  publish(writes: readonly QueuedWrite[]): void;
  /** The server has it: a saved record goes into the cache, a deleted one out of it. */
  sent(write: QueuedWrite, record: Record<string, unknown>): void;
  dropped(resource: string): void;
  /** The signed-in user's id (null: nobody); each write is sent only under its maker's session. */
  userId(): number | null;
  /** Tells whenever the server answered a request (http.ts `onServerReached`). */
  onServerReached(listener: () => void): void;
}
let deps: OfflineDeps | null = null;

function problemOf(e: HttpError): { status: number; message: string } {
  const fieldMessages = Object.values(e.body?.errors ?? {})
    .map((m) => m[0])
    .filter(Boolean);
  const message =
    e.status === 409
      ? 'Someone else changed this record meanwhile.'
      : fieldMessages.length
        ? fieldMessages.join(' ')
        : e.body?.message || `The server refused it (${e.status}).`;
  return { status: e.status, message };
}

/** The server's record, or why not: null when it could not be reached. */
async function request(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  return (await deps!.http<Record<string, unknown>>(method, path, { body })).data;
}

async function send(write: QueuedWrite): Promise<SendOutcome> {
  if (!deps) return { kind: 'retry' };
  try {
    return { kind: 'sent', record: (await deps.http<Record<string, unknown>>(write.method, write.path, { body: write.body, idempotencyKey: write.key })).data };
  } catch (e) {
    if (e instanceof deps.NetworkError) return { kind: 'retry' };
    if (!(e instanceof deps.HttpError)) throw e;
    // deleted meanwhile (by someone else, or a delete sent twice): what the person wanted is done
    if (write.method === 'DELETE' && e.status === 404) return { kind: 'sent', record: { id: write.recordId } };
    return RETRY_STATUSES.has(e.status) || e.status >= 500 ? { kind: 'retry' } : { kind: 'refused', problem: problemOf(e) };
  }
}

export const offlineWrites = new WriteQueue({
  store,
  send,
  fetchCurrent: async (write) => {
    try {
      return deps && write.method !== 'DELETE' ? await request('GET', write.path) : null;
    } catch {
      return null;
    }
  },
  onSent: (write, record) => deps?.sent(write, record),
  onDropped: (write) => deps?.dropped(write.resource),
  sender: () => deps?.userId() ?? null,
});

offlineWrites.subscribe(() => deps?.publish(offlineWrites.writes));
store.onChangedElsewhere(() => void offlineWrites.reload());

const online = () => typeof navigator === 'undefined' || navigator.onLine;

const sendable = () => offlineWrites.writes.some((w) => !w.problem && !offlineWrites.heldForAnother(w));

/** After a round that could not get through, the next try waits longer: 5 s, 10 s, 20 s, then every 30 s. */
let failures = 0;
let nextTry = 0;

/** Sends what waits, when the browser says it has a network. */
export async function syncOfflineWrites(): Promise<void> {
  if (!online()) return;
  await offlineWrites.flush();
  failures = sendable() ? failures + 1 : 0;
  nextTry = failures ? Date.now() + Math.min(30_000, 5_000 * 2 ** (failures - 1)) : 0;
}

/** How often to look whether writes wait and the network is back. */
const CHECK_MS = 2_500;

let started = false;
/** Connects the queue to the app and starts sending (once). */
export function startOfflineWrites(given: OfflineDeps): void {
  if (started || typeof window === 'undefined') return;
  deps = given;
  started = true;
  given.publish(offlineWrites.writes);
  window.addEventListener('online', () => {
    failures = 0;
    void syncOfflineWrites();
  });
  // The server answered something (a screen's query, another tab's write): the network is back,
  // whatever the browser said, so what waits goes at the next look instead of after the backoff.
  // (Not at once: a send answered with a 5xx is answered too, and keeps its backoff.)
  given.onServerReached(() => {
    if (failures) nextTry = 0;
  });
  // The online event is not reliable (a page reloaded offline may never get one): look, too.
  setInterval(() => {
    if (sendable() && Date.now() >= nextTry) void syncOfflineWrites();
  }, CHECK_MS);
  void offlineWrites.ready().then(syncOfflineWrites);
}

/** A save's consent to wait offline: how the person would name what they did. */
export interface OfflineWrite<R> {
  label: (record: R) => string;
}

/**
 * Sends a record's save, or keeps it for later: when the browser is offline, when a write of the
 * same record already waits (it must not overtake it), or when the request fails for want of a
 * network. Resolves with the server's record, or a provisional one (`pending: true`; a new
 * record's id is negative until it is sent).
 */
export async function saveOrKeep<R>(
  resource: string,
  method: QueuedMethod,
  path: string,
  body: Record<string, unknown>,
  offline: OfflineWrite<R>,
  sendNow: (idempotencyKey: string) => Promise<R>,
  /** The whole record as the screens should show it, when `body` holds only the changed fields. */
  shown: Record<string, unknown> = body,
): Promise<R> {
  const recordId = typeof body.id === 'number' ? body.id : null;
  return sendOrKeep(resource, recordId, sendNow, async (key) => {
    const queued = await offlineWrites.add({ key, resource, method, path, body, recordId, label: offline.label(shown as R), userId: deps?.userId() ?? null });
    return provisionalRecord<R>(shown, recordId ?? queued.provisionalId!);
  });
}

/**
 * Deletes a record, or keeps the delete for later (as `saveOrKeep`). Resolves with `{id}`, and
 * `pending: true` when kept; `label` names the record ("Time Entry 03:00 on 11/23/2026").
 */
export async function deleteOrKeep(
  resource: string,
  path: string,
  id: number,
  label: string,
  sendNow: (idempotencyKey: string) => Promise<{ id: number }>,
): Promise<{ id: number; pending?: true }> {
  return sendOrKeep(resource, id, sendNow, async (key) => {
    await offlineWrites.add({ key, resource, method: 'DELETE', path, body: {}, recordId: id, label: `Deleted: ${label}`, userId: deps?.userId() ?? null });
    return { id, pending: true };
  });
}

/**
 * Whether a write of this record cannot go now: the browser is offline, or a kept write of the
 * record waits (a later write must not overtake it).
 */
export function mustWait(resource: string, recordId: number | null): boolean {
  return !online() || offlineWrites.hasWaiting(resource, recordId);
}

/**
 * Sent now, unless the browser is offline, a write of the same record waits (not to be overtaken),
 * or the network fails. The write has its key from the first try: when the network failed after
 * the server made it (the answer lost), the kept write's resend is answered, not made again.
 */
async function sendOrKeep<T>(resource: string, recordId: number | null, sendNow: (key: string) => Promise<T>, keep: (key: string) => Promise<T>): Promise<T> {
  const key = newWriteKey();
  if (mustWait(resource, recordId)) return keep(key);
  try {
    return await sendNow(key);
  } catch (e) {
    if (deps && e instanceof deps.NetworkError) return keep(key);
    throw e;
  }
}
