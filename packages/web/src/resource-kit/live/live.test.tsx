/**
 * Live updates in the browser: the stream's notices into the query cache, its loss and
 * return, and the header's "Live updates paused". jsdom has no EventSource: a fake one, installed
 * for each test and removed after it (the files of a worker share one jsdom).
 */
import type { LiveChange } from '@glazier/shared/actions/live-wire';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiServer, renderApp } from '../../test/app.tsx';
import { BaseProviders, json, makeQueryClient, mockFetch, sessionUser } from '../../test/render.tsx';
import { historyKey } from '../detail/history-panel.tsx';
import { SESSION_KEY } from '../http/session-user.ts';
import { setUnauthorizedHandler } from '../http/unauthorized.ts';
import { resourceKeys } from '../records/records.ts';
import { applyLiveChanges, applyLiveReset } from './apply-live-changes.ts';
import { LiveConnection } from './live-connection.ts';
import { liveLost } from './live-state.ts';
import { useLiveUpdates } from './use-live-updates.ts';

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  send(type: 'change' | 'reset' | 'end', data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  /** A dropped connection the browser retries (CONNECTING), or one that ended (CLOSED: an error status). */
  fail(ended: boolean) {
    this.readyState = ended ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
}

const latest = () => FakeEventSource.made.at(-1)!;
const T1 = '2026-11-29T10:00:00.000Z';
const T2 = '2026-11-29T10:05:00.000Z';
const change = (over: Partial<LiveChange>): LiveChange => ({
  resource: 'vendors',
  id: 1,
  version: T2,
  action: 'update',
  by: { id: 2, name: 'Sam' },
  at: T2,
  ...over,
});

let connections: LiveConnection[] = [];
function connect(queryClient: QueryClient, options: { coalesceMs?: number; lostAfterMs?: number } = {}) {
  const c = new LiveConnection({ queryClient, ...options });
  connections.push(c);
  c.start();
  return c;
}

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  for (const c of connections) c.stop();
  connections = [];
  setUnauthorizedHandler(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  liveLost.set(false);
});

/** A cache holding what screens would have read: lists, pages, records, a named action's answer. */
async function filledCache() {
  const qc = makeQueryClient();
  qc.setQueryData(SESSION_KEY, sessionUser());
  qc.setQueryData(resourceKeys.list('vendors'), [{ id: 1, updated_at: T1 }]);
  qc.setQueryData(resourceKeys.page('vendors', { page: 2 }), { data: [], total: 0 });
  qc.setQueryData(resourceKeys.record('vendors', 1), { id: 1, updated_at: T2 });
  qc.setQueryData(resourceKeys.record('vendors', 2), { id: 2, updated_at: T1 });
  qc.setQueryData(resourceKeys.record('vendors', 3), { id: 3, updated_at: T1 });
  qc.setQueryData(resourceKeys.list('clients'), [{ id: 9 }]);
  qc.setQueryData(historyKey('vendors', 1), []);
  qc.setQueryData(historyKey('vendors', 3), []);
  await qc.prefetchQuery({ queryKey: ['time_cards', 'crew', '2026-11-29'], queryFn: () => [], meta: { liveOn: ['time_entries', 'users'] } });
  await qc.prefetchQuery({ queryKey: ['schedule', 'readiness'], queryFn: () => [], meta: { liveOn: ['events'] } });
  return qc;
}
const invalidated = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

describe('applyLiveChanges', () => {
  it("invalidates the resource's lists and pages and the records named, except one already at the notice's version", async () => {
    const qc = await filledCache();
    await applyLiveChanges(qc, [change({ id: 1, version: T2 }), change({ id: 2, version: T2 })]);
    expect(invalidated(qc, resourceKeys.list('vendors'))).toBe(true);
    expect(invalidated(qc, resourceKeys.page('vendors', { page: 2 }))).toBe(true);
    // Our own save stored record 1 at T2 already: nothing to fetch.
    expect(invalidated(qc, resourceKeys.record('vendors', 1))).toBe(false);
    expect(invalidated(qc, resourceKeys.record('vendors', 2))).toBe(true);
    expect(invalidated(qc, resourceKeys.record('vendors', 3))).toBe(false);
    expect(invalidated(qc, historyKey('vendors', 1))).toBe(true);
    expect(invalidated(qc, historyKey('vendors', 3))).toBe(false);
    expect(invalidated(qc, resourceKeys.list('clients'))).toBe(false);
    expect(invalidated(qc, ['time_cards', 'crew', '2026-11-29'])).toBe(false);
  });

  it("this tab's own save (by the signed-in user, its answer cached at the version) refetches nothing more; another tab's of the same user does", async () => {
    const qc = await filledCache();
    const me = { id: 1, name: 'Ada Lovelace' };
    await applyLiveChanges(qc, [change({ id: 1, version: T2, by: me })]);
    expect(invalidated(qc, resourceKeys.list('vendors'))).toBe(false);
    expect(invalidated(qc, resourceKeys.record('vendors', 1))).toBe(false);
    await applyLiveChanges(qc, [change({ id: 2, version: T2, by: me })]);
    expect(invalidated(qc, resourceKeys.list('vendors'))).toBe(true);
    expect(invalidated(qc, resourceKeys.record('vendors', 2))).toBe(true);
  });

  it('a version not known (a parent whose part changed, a delete) always refetches the record', async () => {
    const qc = await filledCache();
    await applyLiveChanges(qc, [change({ id: 1, version: null })]);
    expect(invalidated(qc, resourceKeys.record('vendors', 1))).toBe(true);
  });

  it('refetches the queries whose meta.liveOn names the resource, and only those', async () => {
    const qc = await filledCache();
    await applyLiveChanges(qc, [change({ resource: 'time_entries', id: 40 })]);
    expect(invalidated(qc, ['time_cards', 'crew', '2026-11-29'])).toBe(true);
    expect(invalidated(qc, ['schedule', 'readiness'])).toBe(false);
    expect(invalidated(qc, resourceKeys.list('vendors'))).toBe(false);
  });

  it('reset refetches everything but the session, keeping the data shown meanwhile', async () => {
    const qc = await filledCache();
    await applyLiveReset(qc);
    for (const key of [resourceKeys.list('vendors'), resourceKeys.record('vendors', 1), resourceKeys.list('clients'), ['schedule', 'readiness']]) {
      expect(invalidated(qc, key), JSON.stringify(key)).toBe(true);
    }
    expect(invalidated(qc, SESSION_KEY)).toBe(false);
    expect(qc.getQueryData(resourceKeys.list('clients'))).toEqual([{ id: 9 }]);
  });
});

describe('the live connection', () => {
  it('gathers a burst of notices into one invalidation pass', async () => {
    vi.useFakeTimers();
    const qc = await filledCache();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    connect(qc, { coalesceMs: 100 });
    // the first stream asks for what changed since the page started (its data were read before it opened)
    expect(latest().url).toBe(`/api/live?since=${encodeURIComponent(new Date(performance.timeOrigin).toISOString())}`);
    latest().open();
    for (let id = 1; id <= 100; id++) latest().send('change', change({ id, version: null }));
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(invalidated(qc, resourceKeys.record('vendors', 3))).toBe(true);
    latest().send('change', change({ resource: 'clients', id: 9 }));
    vi.advanceTimersByTime(100);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(invalidated(qc, resourceKeys.list('clients'))).toBe(true);
  });

  it('a reset notice refetches everything', async () => {
    const qc = await filledCache();
    connect(qc);
    latest().open();
    latest().send('reset', {});
    await waitFor(() => expect(invalidated(qc, resourceKeys.list('clients'))).toBe(true));
  });

  it('a dropped stream is lost only once it stays down; back open, it is live again', async () => {
    vi.useFakeTimers();
    connect(await filledCache(), { lostAfterMs: 5_000 });
    latest().open();
    latest().fail(false);
    vi.advanceTimersByTime(4_000);
    expect(liveLost.get()).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(liveLost.get()).toBe(true);
    latest().open();
    expect(liveLost.get()).toBe(false);
    expect(FakeEventSource.made).toHaveLength(1); // the browser reconnected the same one (Last-Event-ID)
  });

  it('a stream the server ended re-checks the session, then opens a new one after a wait, which refetches what it missed', async () => {
    vi.useFakeTimers();
    const qc = await filledCache();
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    connect(qc);
    latest().open();
    latest().fail(true);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.made).toHaveLength(2);
    expect(latest().url).toBe('/api/live'); // it refetches everything once open: nothing to catch up
    // Refused again: the wait doubles.
    latest().fail(true);
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.made).toHaveLength(3);
    expect(invalidated(qc, resourceKeys.list('clients'))).toBe(false);
    latest().open();
    expect(invalidated(qc, resourceKeys.list('clients'))).toBe(true);
  });

  it('a stream the server let go for a newer tab is paused until this tab is shown again, then refetches', async () => {
    vi.useFakeTimers();
    const qc = await filledCache();
    connect(qc);
    latest().open();
    latest().send('end', {});
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(liveLost.get()).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.made).toHaveLength(1); // no reconnect that would push out the next tab
    const shown = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    shown.mockRestore();
    expect(FakeEventSource.made).toHaveLength(2);
    latest().open();
    expect(liveLost.get()).toBe(false);
    expect(invalidated(qc, resourceKeys.list('clients'))).toBe(true);
  });

  it('stop closes the stream and opens no other', async () => {
    vi.useFakeTimers();
    const c = connect(await filledCache());
    const source = latest();
    source.fail(true);
    c.stop();
    vi.advanceTimersByTime(120_000);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.made).toHaveLength(1);
  });
});

describe('useLiveUpdates (the shell)', () => {
  function Live({ userId }: { userId: number | null }) {
    useLiveUpdates(userId);
    return null;
  }

  it('opens one stream while a user is signed in, after the first screen, and closes it at sign-out', async () => {
    const qc = makeQueryClient();
    const view = render(
      <BaseProviders client={qc}>
        <Live userId={1} />
      </BaseProviders>,
    );
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const source = latest();
    view.rerender(
      <BaseProviders client={qc}>
        <Live userId={null} />
      </BaseProviders>,
    );
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.made).toHaveLength(1);
    view.unmount();
  });
});

describe("the header's indicator", () => {
  it('says "Live updates paused" only while the stream is lost, not while it is open', async () => {
    mockFetch(
      apiServer((url) => (url.pathname === '/api/user' ? json(sessionUser('manager')) : url.pathname.startsWith('/api/') ? json({ data: [] }) : undefined)),
    );
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    // The shell opened the tab's stream.
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    act(() => latest().open());
    expect(screen.queryByTestId('live-paused')).toBeNull();
    act(() => liveLost.set(true));
    const badge = await screen.findByTestId('live-paused');
    expect(badge.getAttribute('aria-label')).toBe("Live updates paused. Other people's changes show after a reload until the connection is back.");
    act(() => latest().open());
    expect(screen.queryByTestId('live-paused')).toBeNull();
    app.unmount();
    // Unmounted with the shell: the stream is closed.
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
  });
});
