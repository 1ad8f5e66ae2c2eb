/** Timestamps come in PostgreSQL's text forms (a row's column, inside json_agg); both become the contract's ISO UTC. */
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/db/driver-types.ts';

describe('isoTimestamp', () => {
  it.each([
    // inside JSON
    ['2026-06-30T12:34:56.123456+00:00', '2026-06-30T12:34:56.123Z'],
    ['2026-06-30T12:34:56.1+00:00', '2026-06-30T12:34:56.100Z'],
    ['2026-06-30T12:34:56.99999+00:00', '2026-06-30T12:34:56.999Z'],
    ['2026-06-30T12:34:56+00:00', '2026-06-30T12:34:56.000Z'],
    // a row's timestamptz, and a plain timestamp (UTC)
    ['2026-01-01 00:00:00.000999+00', '2026-01-01T00:00:00.000Z'],
    ['2026-06-30 12:34:56+00', '2026-06-30T12:34:56.000Z'],
    ['2026-06-30 12:34:56.5', '2026-06-30T12:34:56.500Z'],
    // other zones, through Date
    ['2026-06-30T14:34:56.123456+02:00', '2026-06-30T12:34:56.123Z'],
    ['2026-06-30 07:04:56.5-05:30', '2026-06-30T12:34:56.500Z'],
    ['2026-06-30 14:34:56+02', '2026-06-30T12:34:56.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(isoTimestamp(text)).toBe(iso);
  });
});
