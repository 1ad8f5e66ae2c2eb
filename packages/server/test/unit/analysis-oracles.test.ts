/** The analysis oracles (../analysis-oracles.ts) against the hand-computed sets the API tests load too. */
import { describe, expect, it } from 'vitest';
import {
  burdenRateOf,
  calibrationByKey,
  calibrationRatio,
  daysToWin,
  estimatedHours,
  firstShortages,
  jobProfit,
  marginOf,
  overtimeWeeks,
  sumProfit,
  weeklyLoad,
} from '../analysis-oracles.ts';

// The hand-computed set (the server's API test loads the same jobs and expects these numbers).
// Setting burden rate 30.
// Job A: invoiced 1000, products revenue 900 / cost 400, +50 additional revenue, 75 trip,
//   10 h at its own rate 40, 25 additional costs.
//   revenue 1000 + 50 + 75 = 1125; cost 400 + 400 + 25 = 825; profit 300; margin 300/1125 = 0.2666…
// Job B: not invoiced, products revenue 600 / cost 500, 8 h at the setting's 30, nothing else.
//   revenue 600; cost 500 + 240 = 740; profit −140; margin −140/600.
const A = {
  invoice_amount: 1000,
  product_revenue: 900,
  additional_revenues: 50,
  trip_charge: 75,
  product_cost: 400,
  hours: 10,
  burden_rate: 40,
  additional_costs: 25,
};
const B = {
  invoice_amount: null,
  product_revenue: 600,
  additional_revenues: null,
  trip_charge: null,
  product_cost: 500,
  hours: 8,
  burden_rate: null,
  additional_costs: null,
};

describe('job profit', () => {
  it('cost, profit and margin, labour at the job’s rate or the setting’s', () => {
    expect(jobProfit(A, 30)).toEqual({ revenue: 1125, labour_cost: 400, cost: 825, profit: 300, margin: 300 / 1125 });
    expect(jobProfit(B, 30)).toEqual({ revenue: 600, labour_cost: 240, cost: 740, profit: -140, margin: -140 / 600 });
    expect(jobProfit(B, null).labour_cost).toBe(0);
    expect(burdenRateOf(null, 30)).toBe(30);
    expect(burdenRateOf(0, 30)).toBe(0);
  });
  it('a margin of no revenue is none; totals take the margin of the sums', () => {
    expect(marginOf(-50, 0)).toBeNull();
    expect(sumProfit([jobProfit(A, 30), jobProfit(B, 30)])).toEqual({ revenue: 1725, cost: 1565, profit: 160, margin: 160 / 1725 });
  });
});

describe('estimates', () => {
  it('days to win, from the date to the won day', () => {
    expect(daysToWin('2026-03-01', '2026-03-11T15:00:00.000Z')).toBe(10);
    expect(daysToWin('2026-02-25', '2026-03-01')).toBe(4);
  });
});

describe('labour', () => {
  it('estimated hours and their calibration', () => {
    expect(
      estimatedHours([
        { qty: 4, hours_per_unit: 1.5 },
        { qty: 2, hours_per_unit: null },
        { qty: 10, hours_per_unit: 0.25 },
      ]),
    ).toBe(8.5);
    expect(calibrationRatio(12, 8)).toBe(1.5);
    expect(calibrationRatio(3, 0)).toBeNull();
    // Job 1: 6 h estimated in category 1, 2 h in 2; 12 h logged → 9 and 3. Job 2: 4 h in 2, 2 h logged.
    const by = calibrationByKey([
      {
        estimated: new Map([
          [1, 6],
          [2, 2],
        ]),
        logged: 12,
      },
      { estimated: new Map([[2, 4]]), logged: 2 },
      { estimated: new Map([[3, 0]]), logged: 5 }, // no estimate: left out
    ]);
    expect([...by]).toEqual([
      [1, { estimated: 6, logged: 9, ratio: 1.5 }],
      [2, { estimated: 6, logged: 5, ratio: 5 / 6 }],
    ]);
  });
  it('overtime weeks: over 40 hours in a Sunday-to-Saturday week, per person', () => {
    const entries = [
      ...['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'].map((date) => ({ user_id: 1, date, hours: 9 })), // 45 h
      { user_id: 1, date: '2026-03-07', hours: 0 }, // a Saturday: the same week
      { user_id: 1, date: '2026-03-08', hours: 41 }, // next week (a Sunday): 41 h
      ...['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'].map((date) => ({ user_id: 2, date, hours: 10 })), // exactly 40: none
    ];
    expect(overtimeWeeks(entries)).toEqual([
      { user_id: 1, week: '2026-03-01', hours: 45, overtime: 5 },
      { user_id: 1, week: '2026-03-08', hours: 41, overtime: 1 },
    ]);
  });
});

// Today Wednesday 2026-07-01: three weeks from Sunday 6/28. Calibration 1.25 (forecast.test.ts schedules the same jobs).
const WEEKS = ['2026-06-28', '2026-07-05', '2026-07-12'];

describe('crew load and revenue', () => {
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

describe('material shortages', () => {
  it('a running balance per material: short in the first week demand exceeds on hand + on order', () => {
    const demand = [
      { material_id: 1, week: '2026-07-05', qty: 4 },
      { material_id: 1, week: '2026-06-28', qty: 3 },
      { material_id: 2, week: '2026-06-28', qty: 12 },
      { material_id: 2, week: '2026-07-12', qty: 5 },
      { material_id: 3, week: '2026-06-28', qty: 4 },
    ];
    expect(
      firstShortages(
        demand,
        new Map([
          [1, 5],
          [2, 10],
          [3, 10],
        ]),
      ),
    ).toEqual([
      { material_id: 2, week: '2026-06-28', demand: 12, available: 10, short_by: 2, short_by_end: 7 },
      { material_id: 1, week: '2026-07-05', demand: 7, available: 5, short_by: 2, short_by_end: 2 },
    ]);
  });
});
