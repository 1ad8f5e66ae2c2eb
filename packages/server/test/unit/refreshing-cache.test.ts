/** The cache behind sessions and signed-in users: read again ahead of time, never past the TTL. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshingCache } from '../../src/platform/refreshing-cache.ts';

/** A load whose answers the test releases one by one. */
function loader() {
  const pending: ((v: string) => void)[] = [];
  const load = vi.fn(() => new Promise<string>((resolve) => pending.push(resolve)));
  return { load, answer: (v: string) => pending.shift()!(v) };
}
const settle = () => new Promise((r) => setImmediate(r));

/** A cache (TTL 2 s) that has just read 'v1' for 'a', and the loader for the reads that follow. */
async function primed() {
  const cache = new RefreshingCache<string, string>(2000, 10);
  const { load, answer } = loader();
  const first = cache.get('a', load);
  answer('v1');
  expect(await first).toBe('v1');
  return { cache, load, answer };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RefreshingCache', () => {
  it('within half the TTL answers the kept value without reading', async () => {
    const { cache, load } = await primed();
    vi.advanceTimersByTime(900);
    expect(await cache.get('a', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('past half the TTL answers the kept value at once and reads it again once, in the background', async () => {
    const { cache, load, answer } = await primed();
    vi.advanceTimersByTime(1200);
    expect(await cache.get('a', load)).toBe('v1'); // not waiting on the read it started
    expect(await cache.get('a', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(2); // one background read for both
    answer('v2');
    await settle();
    expect(await cache.get('a', load)).toBe('v2');
    vi.advanceTimersByTime(1500); // the refreshed value counts from its read: still within the TTL
    expect(await cache.get('a', load)).toBe('v2');
  });

  it('past the TTL waits for a fresh read', async () => {
    const { cache, load, answer } = await primed();
    vi.advanceTimersByTime(2000);
    let done = false;
    const second = cache.get('a', load).then((v) => ((done = true), v));
    await settle();
    expect(done).toBe(false);
    answer('v2');
    expect(await second).toBe('v2');
  });

  it('a value forgotten while it was being read again is not brought back by that read', async () => {
    const { cache, load, answer } = await primed();
    vi.advanceTimersByTime(1200);
    expect(await cache.get('a', load)).toBe('v1'); // starts the background read
    cache.forget('a'); // e.g. the session was just changed
    answer('read before the change');
    await settle();
    const next = cache.get('a', load);
    answer('after');
    expect(await next).toBe('after');
  });

  it('a failed background read keeps the value, and the next request tries again', async () => {
    const cache = new RefreshingCache<string, string>(2000, 10);
    let calls = 0;
    const load = vi.fn(async () => {
      calls++;
      if (calls === 2) throw new Error('database away');
      return `v${calls}`;
    });
    expect(await cache.get('a', load)).toBe('v1');
    vi.advanceTimersByTime(1200);
    expect(await cache.get('a', load)).toBe('v1'); // its background read fails
    await settle();
    expect(await cache.get('a', load)).toBe('v1'); // tries again
    await settle();
    expect(load).toHaveBeenCalledTimes(3);
    expect(await cache.get('a', load)).toBe('v3');
  });
});
