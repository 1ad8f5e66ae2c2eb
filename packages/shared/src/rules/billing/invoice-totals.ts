/**
 * An invoice's money (docs/domain/billing.md, Totals and tax), exact in whole cents: each line is
 * rounded once (qty × rate), the tax once (the taxable lines' sum × the shop's rates together; a
 * tax-exempt client pays none), and a final invoice subtracts the deposits its job's clients paid.
 * Deposits (a percentage or an amount of the job) are invoiced before work starts, untaxed: the
 * job's tax is on its final invoice, which bills the whole job.
 */
import { formatCents, mulDivRound, toCents } from '../money.ts';
import { decided, refused, type Outcome } from './refusal.ts';

/** A tax rate of Settings: its name ("State", "County") and percent (6.25 for 6.25 %; up to 5 decimals, as the column keeps it). */
export interface TaxRate {
  name: string;
  percent: number;
}

/** A percent in 100 000ths of a percent (6.25 % → 625 000), exact to the 5 decimals a rate is kept in; of the whole: ÷ PERCENT_WHOLE. */
export const percentUnits = (percent: number): number => Math.round(percent * 100_000);
const PERCENT_WHOLE = 10_000_000;

/** qty × rate in cents, rounded once (qty to 5 decimals, the rate in dollars). */
export function lineAmountCents(qty: number, rate: number): number {
  return mulDivRound(Math.round(qty * 100_000), toCents(rate), 100_000);
}

export interface TotalsLine {
  /** The line's amount in dollars, as stored (already rounded to cents once). */
  amount: number | null | undefined;
  taxable: boolean | null | undefined;
}

export interface TaxShare {
  name: string;
  percent: number;
  cents: number;
}

export interface InvoiceTotals {
  subtotal: number;
  /** The sum of the taxable lines (0 for an exempt client's invoice), never below 0. */
  taxable: number;
  tax: number;
  /** The tax by rate, for the invoice and the books: each rate's share of the one rounded tax, the last taking what rounding leaves, so they add up to `tax`. */
  taxByRate: TaxShare[];
  total: number;
  /** The deposits paid that a final invoice subtracts (0 on the others). */
  deposits: number;
  /** What the client owes on this invoice before its payments: total − deposits. */
  amountDue: number;
}

export interface TotalsOptions {
  rates: readonly TaxRate[];
  /** The client is tax-exempt (an exemption number on the client): no tax, whatever the lines say. */
  exempt?: boolean;
  /** Cents of deposits paid that this (final) invoice subtracts. */
  deposits?: number;
}

export type TotalsRefusal = 'negative_total' | 'deposits_exceed_total' | 'bad_rate';

/** The invoice's totals in cents, or why they cannot stand (a negative total, deposits beyond it, a rate out of 0–100 %). */
export function invoiceTotals(lines: readonly TotalsLine[], opts: TotalsOptions): Outcome<InvoiceTotals, TotalsRefusal> {
  const bad = opts.rates.find((r) => !Number.isFinite(r.percent) || r.percent < 0 || r.percent > 100);
  if (bad) return refused('bad_rate', `The tax rate "${bad.name}" must be a percent from 0 to 100.`);
  let subtotal = 0;
  let taxableSum = 0;
  for (const line of lines) {
    const cents = toCents(line.amount);
    subtotal += cents;
    if (line.taxable) taxableSum += cents;
  }
  const taxable = opts.exempt ? 0 : Math.max(0, taxableSum);
  const units = opts.rates.map((r) => percentUnits(r.percent));
  const all = units.reduce((a, b) => a + b, 0);
  const tax = all === 0 ? 0 : mulDivRound(taxable, all, PERCENT_WHOLE);
  let left = tax;
  const taxByRate = opts.rates.map((r, i) => {
    const cents = i === opts.rates.length - 1 ? left : all === 0 ? 0 : mulDivRound(tax, units[i]!, all);
    left -= cents;
    return { name: r.name, percent: r.percent, cents };
  });
  const total = subtotal + tax;
  if (total < 0) return refused('negative_total', `The invoice's total would be ${formatCents(total)}; an invoice is never less than $0.00.`);
  const deposits = opts.deposits ?? 0;
  if (deposits > total) {
    return refused('deposits_exceed_total', `The deposits paid (${formatCents(deposits)}) are more than this invoice's total (${formatCents(total)}).`);
  }
  return decided({ subtotal, taxable, tax, taxByRate, total, deposits, amountDue: total - deposits });
}

/** A deposit asked for: a percent of the job's total, or an amount in cents. */
export type DepositBasis = { kind: 'percent'; percent: number } | { kind: 'amount'; cents: number };

export type DepositRefusal = 'deposit_percent' | 'deposit_amount' | 'deposit_exceeds_job';

export interface DepositLine {
  description: string;
  cents: number;
}

/**
 * A deposit invoice's one line (untaxed): `jobTotal` is the job's total in cents (what its final
 * invoice will bill), `alreadyAsked` the cents its earlier deposit invoices (not void) ask for.
 * The deposits together never pass the job's total.
 */
export function depositLine(basis: DepositBasis, jobTotal: number, alreadyAsked = 0): Outcome<DepositLine, DepositRefusal> {
  let cents: number;
  let description: string;
  if (basis.kind === 'percent') {
    if (!Number.isFinite(basis.percent) || basis.percent <= 0 || basis.percent > 100) {
      return refused('deposit_percent', 'A deposit is a percent more than 0 and at most 100.');
    }
    cents = mulDivRound(jobTotal, percentUnits(basis.percent), PERCENT_WHOLE);
    description = `Deposit: ${basis.percent}% of ${formatCents(jobTotal)}`;
  } else {
    if (!Number.isInteger(basis.cents) || basis.cents <= 0) return refused('deposit_amount', 'A deposit is an amount more than $0.00.');
    cents = basis.cents;
    description = 'Deposit';
  }
  if (cents <= 0) return refused('deposit_amount', `${description} is $0.00: the job has no total to take a deposit of yet.`);
  if (alreadyAsked + cents > jobTotal) {
    return refused(
      'deposit_exceeds_job',
      `Deposits would then ask for ${formatCents(alreadyAsked + cents)} of a job whose total is ${formatCents(jobTotal)}` +
        (alreadyAsked ? ` (${formatCents(alreadyAsked)} already asked).` : '.'),
    );
  }
  return decided({ description, cents });
}

/** What a job's final invoice bills, taken from the job (docs/domain/billing.md, Lines from the job). */
export interface JobForInvoice {
  products: readonly { id: number; description: string; qty: number | null; revenue: number | null; taxable: boolean }[];
  trip_charge?: number | null;
  additional_revenues?: number | null;
}

export interface DraftLine {
  description: string;
  qty: number;
  /** Dollars per unit, as shown; the amount is what is billed. */
  rate: number;
  amount: number;
  taxable: boolean;
  kind: 'product' | 'trip_charge' | 'additional';
  source_job_product_id: number | null;
}

/**
 * The lines of an invoice made from a job: each job product at its revenue (which the job may have
 * typed apart from qty × unit, so the amount is the revenue and the rate is what one unit comes to),
 * then the trip charge and the additional revenues when there are any. Those two are services: not
 * taxable unless the caller says so (`serviceTaxable`: a state that taxes them).
 */
export function linesFromJob(job: JobForInvoice, serviceTaxable = false): DraftLine[] {
  const lines: DraftLine[] = job.products.map((p) => {
    const qty = Number(p.qty ?? 0) || 1;
    const cents = toCents(p.revenue);
    return {
      description: p.description,
      qty,
      rate: Math.round(cents / qty) / 100,
      amount: cents / 100,
      taxable: p.taxable,
      kind: 'product',
      source_job_product_id: p.id,
    };
  });
  const service = (kind: 'trip_charge' | 'additional', description: string, dollars: number | null | undefined) => {
    const cents = toCents(dollars);
    if (cents > 0) lines.push({ description, qty: 1, rate: cents / 100, amount: cents / 100, taxable: serviceTaxable, kind, source_job_product_id: null });
  };
  service('trip_charge', 'Trip charge', job.trip_charge);
  service('additional', 'Additional work', job.additional_revenues);
  return lines;
}
