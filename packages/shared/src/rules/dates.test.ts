import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatHours, toIsoDate, weekStart } from './dates.ts';
import { formatMoney, roundMoney } from './money.ts';

describe('dates and money', () => {
  it('formats m/d/Y', () => {
    expect(formatDate('2026-03-07')).toBe('3/7/2026');
    expect(formatDate(null)).toBe('');
  });
  it('formats a timestamp as m/d/Y h:mm in local time', () => {
    expect(formatDateTime(new Date(2026, 10, 23, 14, 5).toISOString())).toBe('11/23/2026 2:05 PM');
    expect(formatDateTime(new Date(2026, 0, 2, 0, 30).toISOString())).toBe('1/2/2026 12:30 AM');
    expect(formatDateTime('2026-03-07')).toBe('3/7/2026');
    expect(formatDateTime(null)).toBe('');
  });
  it('formats hours as hh:mm', () => {
    expect(formatHours(1.5)).toBe('01:30');
    expect(formatHours(0.25, true)).toBe('00:15:00');
  });
  it('starts weeks on Sunday', () => {
    expect(toIsoDate(weekStart(new Date(2026, 10, 25)))).toBe('2026-11-22');
  });
  it('rounds money to cents', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
});
