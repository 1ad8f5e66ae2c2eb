/**
 * The tab's one live stream (`GET /api/live`, shared/actions/live.ts), opened by use-live-updates.ts
 * once a user is signed in and the first screen has painted; its own chunk.
 *
 * - A `change` notice goes to the record's listeners at once (live-state.ts: a dialog's notice) and
 *   into the cache with the others of its burst: the notices of `coalesceMs` make one invalidation
 *   pass (apply-live-changes.ts; a bulk save of 100 rows is one pass, not 100).
 * - The first stream opens after the first screen, which read its data earlier: it asks for the
 *   changes since the page started (`?since=`; since the last sign-out for a later one), so a change
 *   made meanwhile is not missed.
 * - `reset` (the server could not resume from our Last-Event-ID): everything is read again.
 * - `rights` (an administrator changed this person's role, or their role's permissions): the
 *   signed-in user is read again, so the menu, the buttons and the screens' guards follow at once
 *   (a screen they may no longer see says so, app/guards.tsx), what they read is read again under
 *   their new rights, and a notice says why.
 * - A dropped connection: the browser reconnects by itself, sending Last-Event-ID, so the server
 *   resumes or says reset. When the stream ends for good (CLOSED: the server answered an error, a 401
 *   after a sign-out or a 5xx; EventSource does not tell which), the session is checked again as a
 *   401 would have it (http/unauthorized.ts: a guest leaves for /welcome, and the stream stops with
 *   the session), and a new stream is tried after a growing wait while signed in and online; being
 *   new, it resumes nothing, so once open everything is read again.
 * - `end`: the server let this stream go for a newer one of the same person (it keeps a few per
 *   user). Reconnecting at once would push out the next tab, so this one waits, paused, until it
 *   is shown again.
 * - Not open for `lostAfterMs` after an error: the stream is lost (the header's "Live updates paused").
 */
import type { QueryClient } from '@tanstack/react-query';
import { LIVE_RETRY_MS, type LiveChange } from '@glazier/shared/actions/live-wire';
import { SESSION_KEY } from '../http/session-user.ts';
import { notifyUnauthorized } from '../http/unauthorized.ts';
import { applyLiveChanges, applyLiveReset } from './apply-live-changes.ts';
import { liveLost, publishLiveChange } from './live-state.ts';

export const LIVE_PATH = '/api/live';
/** The longest wait between two new streams after the server refused one. */
const MAX_RETRY_MS = 60_000;

export interface LiveConnectionOptions {
  queryClient: QueryClient;
  /** How long notices are gathered into one invalidation pass. */
  coalesceMs?: number;
  /** How long the stream may be down (a blip, a reconnect) before it counts as lost. */
  lostAfterMs?: number;
  /** Told when this person's rights changed (after their user and data are being read again): the app says so. */
  onRightsChanged?: () => void;
}

function parseChange(data: unknown): LiveChange | null {
  try {
    const c = JSON.parse(String(data)) as Partial<LiveChange>;
    return typeof c.resource === 'string' && typeof c.id === 'number' ? (c as LiveChange) : null;
  } catch {
    return null;
  }
}

export class LiveConnection {
  readonly #queryClient: QueryClient;
  readonly #coalesceMs: number;
  readonly #lostAfterMs: number;
  readonly #onRightsChanged: (() => void) | undefined;
  #source: EventSource | null = null;
  #pending: LiveChange[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  #lostTimer: ReturnType<typeof setTimeout> | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;
  /** A new stream after one that ended: notices between them are lost, so its opening refetches. */
  #missed = false;
  #stopped = false;
  /** Since when the page's data may be older than the stream: the page's start, then the last sign-out. */
  #since = performance.timeOrigin;

  constructor(options: LiveConnectionOptions) {
    this.#queryClient = options.queryClient;
    this.#coalesceMs = options.coalesceMs ?? 100;
    this.#lostAfterMs = options.lostAfterMs ?? 2 * LIVE_RETRY_MS + 1_000;
    this.#onRightsChanged = options.onRightsChanged;
  }

  start(): void {
    this.#stopped = false;
    window.addEventListener('online', this.#onOnline);
    this.#open();
  }

  /** Signed out (or the shell unmounted): the stream is closed and nothing is pending. */
  stop(): void {
    this.#stopped = true;
    this.#since = Date.now();
    window.removeEventListener('online', this.#onOnline);
    document.removeEventListener('visibilitychange', this.#onShown);
    this.#source?.close();
    this.#source = null;
    for (const t of [this.#flushTimer, this.#lostTimer, this.#retryTimer]) if (t) clearTimeout(t);
    this.#flushTimer = this.#lostTimer = this.#retryTimer = null;
    this.#pending = [];
    liveLost.set(false);
  }

  #open(): void {
    if (this.#stopped || this.#source) return;
    // A new stream after one that ended refetches everything anyway (#missed): only the first asks.
    const source = new EventSource(this.#missed ? LIVE_PATH : `${LIVE_PATH}?since=${encodeURIComponent(new Date(this.#since).toISOString())}`);
    this.#source = source;
    source.addEventListener('open', () => {
      this.#failures = 0;
      if (this.#lostTimer) clearTimeout(this.#lostTimer);
      this.#lostTimer = null;
      liveLost.set(false);
      if (this.#missed) {
        this.#missed = false;
        void applyLiveReset(this.#queryClient);
      }
    });
    source.addEventListener('change', (event) => {
      const change = parseChange((event as MessageEvent).data);
      if (!change) return;
      publishLiveChange(change);
      this.#pending.push(change);
      this.#flushTimer ??= setTimeout(() => this.#flush(), this.#coalesceMs);
    });
    source.addEventListener('reset', () => {
      this.#pending = [];
      void applyLiveReset(this.#queryClient);
    });
    source.addEventListener('rights', () => {
      void this.#queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      void applyLiveReset(this.#queryClient);
      this.#onRightsChanged?.();
    });
    source.addEventListener('end', () => {
      source.close();
      this.#source = null;
      this.#missed = true;
      liveLost.set(true);
      document.addEventListener('visibilitychange', this.#onShown);
    });
    source.addEventListener('error', () => {
      this.#lostTimer ??= setTimeout(() => liveLost.set(true), this.#lostAfterMs);
      if (source.readyState === EventSource.CLOSED) this.#ended(source);
    });
  }

  #flush(): void {
    this.#flushTimer = null;
    const changes = this.#pending;
    this.#pending = [];
    void applyLiveChanges(this.#queryClient, changes);
  }

  #ended(source: EventSource): void {
    source.close();
    if (this.#source !== source) return;
    this.#source = null;
    this.#missed = true;
    notifyUnauthorized();
    const wait = Math.min(MAX_RETRY_MS, LIVE_RETRY_MS * 2 ** this.#failures);
    this.#failures += 1;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      // Offline, the `online` event opens it.
      if (navigator.onLine) this.#open();
    }, wait);
  }

  readonly #onShown = (): void => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', this.#onShown);
    this.#open();
  };

  readonly #onOnline = (): void => {
    if (this.#source || this.#stopped) return;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#open();
  };
}
