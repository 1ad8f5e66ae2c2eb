/**
 * A job's money (issue 26): what it brought in, what it cost, what was left. The one statement of
 * the formulas: the server's SQL (areas/analysis/job-profit-sql.ts) computes the same, and the
 * analysis screen's column tooltips quote FORMULAS.
 *
 *   revenue = (invoice amount when set, else Σ products' revenue) + additional revenues + trip charge
 *   cost    = Σ products' cost + hours × burden rate (the job's, else the burden_rate setting) + additional costs
 *   profit  = revenue − cost;  margin = profit ÷ revenue (none for a revenue of 0)
 */
import { roundMoney } from '../money.ts';

export interface JobMoney {
  /** null: not invoiced yet (the products' revenue stands in). */
  invoice_amount: number | null;
  /** Σ of the job's products' revenue (each line's revenue is its unit revenue × qty). */
  product_revenue: number;
  additional_revenues: number | null;
  /** Billed to the client, so revenue. */
  trip_charge: number | null;
  product_cost: number;
  /** Σ hours of the job's time entries. */
  hours: number;
  /** null: the burden_rate setting applies. */
  burden_rate: number | null;
  additional_costs: number | null;
}

export interface JobProfit {
  revenue: number;
  labour_cost: number;
  cost: number;
  profit: number;
  margin: number | null;
}

/** The rate a job's hours cost: its own burden rate, else the setting's (0 without either). */
export const burdenRateOf = (jobRate: number | null, settingRate: number | null): number => jobRate ?? settingRate ?? 0;

export function jobRevenue(j: Pick<JobMoney, 'invoice_amount' | 'product_revenue' | 'additional_revenues' | 'trip_charge'>): number {
  return roundMoney((j.invoice_amount ?? j.product_revenue) + (j.additional_revenues ?? 0) + (j.trip_charge ?? 0));
}

export const labourCost = (hours: number, rate: number): number => roundMoney(hours * rate);

/** profit ÷ revenue; null when there was no revenue (a margin of nothing is not 0 %). */
export const marginOf = (profit: number, revenue: number): number | null => (revenue === 0 ? null : profit / revenue);

export function jobProfit(j: JobMoney, settingRate: number | null): JobProfit {
  const revenue = jobRevenue(j);
  const labour_cost = labourCost(j.hours, burdenRateOf(j.burden_rate, settingRate));
  const cost = roundMoney(j.product_cost + labour_cost + (j.additional_costs ?? 0));
  const profit = roundMoney(revenue - cost);
  return { revenue, labour_cost, cost, profit, margin: marginOf(profit, revenue) };
}

/** Several jobs together: sums, and the margin of the sums (not the mean of the margins). */
export function sumProfit(rows: readonly Pick<JobProfit, 'revenue' | 'cost'>[]): Pick<JobProfit, 'revenue' | 'cost' | 'profit' | 'margin'> {
  const revenue = roundMoney(rows.reduce((s, r) => s + r.revenue, 0));
  const cost = roundMoney(rows.reduce((s, r) => s + r.cost, 0));
  const profit = roundMoney(revenue - cost);
  return { revenue, cost, profit, margin: marginOf(profit, revenue) };
}

/** The formulas as the screen words them (column tooltips), one per figure. */
export const FORMULAS = {
  revenue: 'Invoice amount (or, before invoicing, the sum of its products’ revenue) + additional revenues + trip charge',
  product_cost: 'Sum of its products’ cost (unit cost × qty)',
  hours: 'Sum of the hours of its time entries',
  labour_cost: 'Hours × burden rate (the job’s, else the burden rate setting)',
  additional_costs: 'The job’s additional costs',
  cost: 'Products’ cost + labour cost + additional costs',
  profit: 'Revenue − cost',
  margin: 'Profit ÷ revenue (of the sums, for a group)',
  win_rate: 'Won ÷ (won + lost); open estimates are not counted',
  value_won: 'Sum of the totals of the won estimates (the client’s choice of alternates)',
  days_to_win: 'Average days from the estimate’s date to the day it was marked won',
  overtime: 'Hours over 40 in a Sunday-to-Saturday week',
  estimated_hours: 'Sum over its products of qty × the product’s labour hours per unit',
  calibration: 'Hours logged ÷ estimated hours (over 100 %: the work took longer than estimated)',
} as const;
