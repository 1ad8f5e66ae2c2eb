import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/render.tsx';
import { HttpError, NetworkError, http, onServerReached } from '../http/http.ts';
import { isQueryOffline } from './offline.ts';

describe('a query that cannot reach the server', () => {
  const lost = new NetworkError(new TypeError('Failed to fetch'));
  it('is offline when paused for want of a network, failed to connect, or trying again after failing to connect', () => {
    expect(isQueryOffline({ fetchStatus: 'paused', error: null })).toBe(true);
    expect(isQueryOffline({ fetchStatus: 'idle', error: lost })).toBe(true);
    // after a reload without a signal: the first try failed at once, the retries take seconds
    expect(isQueryOffline({ fetchStatus: 'fetching', error: null, failureReason: lost })).toBe(true);
  });

  it('is not when it is fetching, answered, or the server refused', () => {
    expect(isQueryOffline({ fetchStatus: 'fetching', error: null, failureReason: null })).toBe(false);
    expect(isQueryOffline({ fetchStatus: 'idle', error: null, failureReason: lost })).toBe(false);
    expect(isQueryOffline({ fetchStatus: 'fetching', error: null, failureReason: new HttpError(500, null) })).toBe(false);
  });
});

describe('the HTTP client for writes kept offline', () => {
  it("sends a write's Idempotency-Key, and tells when the server answered (whatever the status), not when it could not be reached", async () => {
    let reached = 0;
    const stop = onServerReached(() => reached++);
    document.cookie = 'XSRF-TOKEN=t';
    let up = true;
    const calls = mockFetch((url) => {
      if (!up) throw new TypeError('Failed to fetch');
      return url.pathname === '/api/refused' ? new Response('{"message":"No."}', { status: 422 }) : new Response('{"id":1}', { status: 201 });
    });
    await http('POST', '/api/time_entries', { body: { hours: 1 }, idempotencyKey: 'k-1234567890' });
    expect(calls[0]!.headers['Idempotency-Key']).toBe('k-1234567890');
    await http('GET', '/api/time_entries');
    expect(calls[1]!.headers).not.toHaveProperty('Idempotency-Key');
    await expect(http('POST', '/api/refused', { body: {} })).rejects.toBeInstanceOf(HttpError);
    expect(reached).toBe(3);
    up = false;
    await expect(http('GET', '/api/time_entries')).rejects.toBeInstanceOf(NetworkError);
    expect(reached).toBe(3);
    stop();
  });
});
