/**
 * A job's money: what it brought in, what it cost, what was left. The formulas are the
 * server's SQL (server/src/areas/analysis/job-profit.ts; its API test checks them against the oracles in
 * server/test/analysis-oracles.ts), and the analysis screen's column tooltips quote FORMULAS.
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

export function jobRevenue(j: Pick<JobMoney, 'invoice_amount' | 'product_revenue' | 'additional_revenues' | 'trip_charge'>): number {
  return roundMoney((j.invoice_amount ?? j.product_revenue) + (j.additional_revenues ?? 0) + (j.trip_charge ?? 0));
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
