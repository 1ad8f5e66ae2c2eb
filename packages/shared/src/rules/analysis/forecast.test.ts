import { describe, expect, it } from 'vitest';
import { calibratedRatio, crewCapacity, crewLoad, forecastMonths, forecastWeeks, historyStart, weeksTotal, weightedValue } from './forecast.ts';

// The hand-computed set (the server's API test schedules the same jobs and expects these numbers).
// Today Wednesday 2026-07-01: three weeks from Sunday 6/28. Calibration 1.25.
// Job X: 12 h estimated → 15 h, revenue 900, on 6/29, 6/30 and 7/6: 5 h and 300 a day.
// Job Y: 8 h → 10 h, revenue 400, on 6/20 (before the weeks) and 7/7: 5 h and 200 a day.
//   week 6/28: 2 install days, 1 job, 10 h, 600;  week 7/5: 2 days, 2 jobs, 10 h, 500;  week 7/12: nothing.
const WEEKS = ['2026-06-28', '2026-07-05', '2026-07-12'];

describe('forecast weeks', () => {
  it('from the Sunday of today’s week, and the months they touch', () => {
    expect(forecastWeeks('2026-07-01', 3)).toEqual(WEEKS);
    expect(forecastWeeks('2026-06-28', 1)).toEqual(['2026-06-28']);
    expect(forecastMonths(WEEKS)).toEqual(['2026-06', '2026-07']);
    expect(forecastMonths(forecastWeeks('2026-12-20', 3))).toEqual(['2026-12', '2027-01']);
    expect(historyStart('2026-06-28')).toBe('2025-06-28');
  });
});

describe('crew load and revenue', () => {
  it('capacity is 40 h a schedulable user; calibration is logged ÷ estimated, 1 without history', () => {
    expect(crewCapacity(3)).toBe(120);
    expect(calibratedRatio(10, 8)).toBe(1.25);
    expect(calibratedRatio(5, 0)).toBe(1);
  });
});

describe('open estimates', () => {
  it('value × the type’s win rate; no rate, no weight', () => {
    expect(weightedValue(1000, 2 / 3)).toBe(666.67);
    expect(weightedValue(1000, null)).toBe(0);
  });
});

describe('weeks together', () => {
  it('totals the weeks: hours, capacity, their load (none without capacity) and revenue', () => {
    const weeks = [
      { hours: 50.25, capacity: 80, revenue: 1000.1 },
      { hours: 90, capacity: 80, revenue: 2000.2 },
    ];
    expect(weeksTotal(weeks)).toEqual({ hours: 140.25, capacity: 160, load: 140.25 / 160, revenue: 3000.3 });
    expect(crewLoad(10, 0)).toBeNull();
    expect(weeksTotal([])).toEqual({ hours: 0, capacity: 0, load: null, revenue: 0 });
  });
});
