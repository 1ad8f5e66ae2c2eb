import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, phoneToStored } from './phone.ts';

describe('phone', () => {
  it('keeps digits only, at most 10', () => {
    expect(phoneDigits('(503) 555-12a34 99')).toBe('5035551234');
  });
  it('stores with a leading 1 and displays as (xxx) xxx-xxxx', () => {
    expect(phoneToStored('503-555-1234')).toBe('15035551234');
    expect(formatPhone('15035551234')).toBe('(503) 555-1234');
    expect(formatPhone('503555')).toBe('(503) 555');
    expect(formatPhone('')).toBe('');
    expect(phoneToStored('')).toBe('');
  });
  it('drops a typed country code', () => {
    expect(phoneToStored('+1 (503) 555-1234')).toBe('15035551234');
  });
});
