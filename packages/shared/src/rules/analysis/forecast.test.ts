import { describe, expect, it } from 'vitest';
import { calibratedRatio, crewCapacity, crewLoad, firstShortages, forecastMonths, forecastWeeks, historyStart, weeklyLoad, weeksTotal, weightedValue } from './forecast.ts';

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
  it('spreads each job’s calibrated hours and revenue over all its days', () => {
    const jobs = [
      { estimated_hours: 12, revenue: 900, days: ['2026-06-29', '2026-06-30', '2026-07-06', '2026-06-30'] }, // a day twice counts once
      { estimated_hours: 8, revenue: 400, days: ['2026-06-20', '2026-07-07'] },
    ];
    expect(weeklyLoad(jobs, 1.25, WEEKS)).toEqual([
      { week: '2026-06-28', install_days: 2, jobs: 1, hours: 10, revenue: 600 },
      { week: '2026-07-05', install_days: 2, jobs: 2, hours: 10, revenue: 500 },
      { week: '2026-07-12', install_days: 0, jobs: 0, hours: 0, revenue: 0 },
    ]);
  });
});

describe('open estimates', () => {
  it('value × the type’s win rate; no rate, no weight', () => {
    expect(weightedValue(1000, 2 / 3)).toBe(666.67);
    expect(weightedValue(1000, null)).toBe(0);
  });
});

describe('material shortages', () => {
  it('a running balance per material: short in the first week demand exceeds on hand + on order', () => {
    const demand = [
      { material_id: 1, week: '2026-07-05', qty: 4 },
      { material_id: 1, week: '2026-06-28', qty: 3 },
      { material_id: 2, week: '2026-06-28', qty: 12 },
      { material_id: 2, week: '2026-07-12', qty: 5 },
      { material_id: 3, week: '2026-06-28', qty: 4 },
    ];
    expect(firstShortages(demand, new Map([[1, 5], [2, 10], [3, 10]]))).toEqual([
      { material_id: 2, week: '2026-06-28', demand: 12, available: 10, short_by: 2, short_by_end: 7 },
      { material_id: 1, week: '2026-07-05', demand: 7, available: 5, short_by: 2, short_by_end: 2 },
    ]);
  });

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
