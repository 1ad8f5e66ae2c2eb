import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  formatDate,
  formatDateTime,
  formatHours,
  formatTime,
  formatWhen,
  formatMonthDay,
  formatWeek,
  isIsoDate,
  weekDates,
  weekStartDate,
  weekdayShort,
} from './dates.ts';
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
  it('formats a time of day, and a recent moment as its time when it is today', () => {
    const at = new Date(2026, 10, 23, 15, 42).toISOString();
    expect(formatTime(at)).toBe('3:42 PM');
    expect(formatTime('2026-03-07')).toBe('');
    expect(formatWhen(at, new Date(2026, 10, 23, 18, 0))).toBe('3:42 PM');
    expect(formatWhen(at, new Date(2026, 10, 24, 9, 0))).toBe('11/23/2026 3:42 PM');
    expect(formatWhen(null)).toBe('');
  });
  it('formats hours as hh:mm', () => {
    expect(formatHours(1.5)).toBe('01:30');
    expect(formatHours(0.25, true)).toBe('00:15:00');
  });
  it('formats hh:mm past a day and rounds to the minute by the second', () => {
    expect(formatHours(0)).toBe('00:00');
    expect(formatHours(41.75)).toBe('41:45');
    expect(formatHours(7 + 59.5 / 60)).toBe('07:59');
    expect(formatHours(0.1 + 0.2)).toBe('00:18');
  });
  it('finds the Sunday of an ISO date, in any time zone and across months and years', () => {
    expect(weekStartDate('2026-11-25')).toBe('2026-11-22');
    expect(weekStartDate('2026-11-22')).toBe('2026-11-22'); // a Sunday is its own week's start
    expect(weekStartDate('2026-11-28')).toBe('2026-11-22'); // Saturday ends it
    expect(weekStartDate('2026-11-29')).toBe('2026-11-29');
    expect(weekStartDate('2027-01-01')).toBe('2026-12-27');
    expect(weekStartDate('2026-03-10')).toBe('2026-03-08'); // the week US clocks change
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(weekdayShort('2026-11-28')).toBe('Sat');
  });
  it('lists the seven days of a week and steps by days', () => {
    expect(weekDates('2026-02-22')).toEqual(['2026-02-22', '2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28']);
    expect(weekDates('2028-02-27').at(-1)).toBe('2028-03-04'); // past a leap day
    expect(addDays('2026-11-22', 7)).toBe('2026-11-29');
    expect(addDays('2026-01-03', -7)).toBe('2025-12-27');
  });
  it('tells real ISO dates from others', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate(20261122)).toBe(false);
  });
  it('names a week compactly', () => {
    expect(formatMonthDay('2026-11-22')).toBe('11/22');
    expect(formatWeek('2026-11-22')).toBe('11/22 – 11/28/2026');
    expect(formatWeek('2026-12-27')).toBe('12/27/2026 – 1/2/2027');
  });
  it('rounds money to cents', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
});
