/** Timestamps inside json_agg come in PostgreSQL's text form; the engine brings them to the contract's ISO UTC. */
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../src/engine/engine.ts';

describe('isoTimestamp', () => {
  it.each([
    '2026-06-30T12:34:56.123456+00:00',
    '2026-06-30T12:34:56.1+00:00',
    '2026-06-30T12:34:56.99999+00:00',
    '2026-06-30T12:34:56+00:00',
    '2026-01-01T00:00:00.000999+00:00',
    '2026-06-30T14:34:56.123456+02:00', // another zone: through Date
    '2026-06-30T07:04:56.5-05:30',
  ])('%s answers what Date would', (text) => {
    expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
  });
});
