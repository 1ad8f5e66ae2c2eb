import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { QUERY_TIMEOUT_MS } from '../../src/db/pg-driver.ts';

describe('DB_QUERY_TIMEOUT_MS', () => {
  it('defaults to the driver timeout, takes milliseconds, and 0 turns it off', () => {
    expect(loadConfig({}).dbQueryTimeoutMs).toBe(QUERY_TIMEOUT_MS);
    expect(loadConfig({ DB_QUERY_TIMEOUT_MS: '5000' }).dbQueryTimeoutMs).toBe(5000);
    expect(loadConfig({ DB_QUERY_TIMEOUT_MS: '0' }).dbQueryTimeoutMs).toBe(0);
  });

  it('refuses what is not a whole number of milliseconds', () => {
    expect(() => loadConfig({ DB_QUERY_TIMEOUT_MS: '30s' })).toThrow('DB_QUERY_TIMEOUT_MS must be a whole number of milliseconds above 0 (got "30s").');
    expect(() => loadConfig({ DB_QUERY_TIMEOUT_MS: '-1' })).toThrow(/DB_QUERY_TIMEOUT_MS/);
  });
});

describe('PUBLIC_URL', () => {
  it('is the address given, and none when unset or blank', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '  ' }).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: ' https://glazier.example.com ' }).publicUrl).toBe('https://glazier.example.com');
  });
});
