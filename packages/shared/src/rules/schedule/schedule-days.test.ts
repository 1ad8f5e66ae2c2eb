import { describe, expect, it } from 'vitest';
import { scheduleDays, scheduleDaysError } from './schedule-days.ts';

describe('schedule days', () => {
  it('runs from the date through the last day, both included, weekends left out when asked', () => {
    // 2026-11-27 is a Friday
    expect(scheduleDays('2026-11-27', '2026-12-01', false)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    expect(scheduleDays('2026-11-27', '2026-12-01', true)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01']);
    expect(scheduleDays('2026-11-27', null, true)).toEqual(['2026-11-27']);
  });

  it('says why a range cannot be scheduled', () => {
    expect(scheduleDaysError('2026-11-27', '2026-11-26', false)).toBe('Must be on or after the date.');
    expect(scheduleDaysError('2026-11-28', '2026-11-29', true)).toBe('There is no weekday in this range.');
    expect(scheduleDaysError('2026-01-01', '2026-06-01', false)).toBe('At most 62 days at once.');
    expect(scheduleDaysError('2026-11-27', '2026-12-01', true)).toBeNull();
    expect(scheduleDaysError('2026-11-27', null, true)).toBeNull();
  });
});
