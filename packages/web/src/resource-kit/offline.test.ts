import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from './http.ts';
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
