import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, monthLabel } from './date-ranges.ts';
import { winRate } from './estimates-labour.ts';
import { jobRevenue } from './job-profit.ts';

// The hand-computed set (the server's API test loads the same jobs and expects these numbers; its
// oracle, server/test/analysis-oracles.ts, computes the cost, profit and margin).
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
  it('revenue: the invoice when set, else the products; plus additional revenues and trip charge', () => {
    expect(jobRevenue(A)).toBe(1125);
    expect(jobRevenue(B)).toBe(600);
    expect(jobRevenue({ ...B, invoice_amount: 0 })).toBe(0); // invoiced at 0 is set
  });
});

describe('estimates', () => {
  it('win rate is won ÷ (won + lost)', () => {
    expect(winRate(1, 3)).toBe(0.25);
    expect(winRate(0, 0)).toBeNull();
  });
});

describe('date ranges', () => {
  const today = '2026-05-14';
  it('presets from today', () => {
    expect(presetRange('this_month', today)).toEqual({ start: '2026-05-01', end: '2026-05-31' });
    expect(presetRange('last_month', today)).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(presetRange('this_quarter', today)).toEqual({ start: '2026-04-01', end: '2026-06-30' });
    expect(presetRange('this_year', today)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(presetRange('last_12_months', today)).toEqual({ start: '2025-06-01', end: '2026-05-31' });
    expect(presetRange('last_month', '2026-01-10')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(presetOf({ start: '2026-04-01', end: '2026-06-30' }, today)).toBe('this_quarter');
    expect(presetOf({ start: '2026-04-02', end: '2026-06-30' }, today)).toBeNull();
    expect(monthLabel('2026-02')).toBe('Feb 2026');
  });
});
