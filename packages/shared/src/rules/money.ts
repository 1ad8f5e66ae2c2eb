/** Money is rounded to 2 decimals; quantities show up to 5 (docs/platform.md, Formats). */

export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function roundQty(value: number): number {
  return Math.round((value + Number.EPSILON) * 100_000) / 100_000;
}

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const qtyFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 5 });

export function formatMoney(value: number | null | undefined): string {
  return value == null ? '' : moneyFormat.format(roundMoney(value));
}

export function formatQty(value: number | null | undefined): string {
  return value == null ? '' : qtyFormat.format(roundQty(value));
}

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A ratio as a percent with one decimal ("46.8%"); empty for none. */
export function formatPercent(ratio: number | null | undefined): string {
  return ratio == null || !Number.isFinite(ratio) ? '' : percentFormat.format(ratio);
}

const compactMoneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** Money in few characters ("$12.5K"), for a chart's axis; the figures themselves use formatMoney. */
export function formatMoneyCompact(value: number | null | undefined): string {
  return value == null ? '' : compactMoneyFormat.format(value);
}

// Exact money (invoices, payments, taxes: docs/domain/billing.md, Money): a sum of money is a whole
// number of cents while it is added, taxed or split, so no float error can creep into a total; the
// API and the columns keep dollars with 2 decimals, converted at the edge with these two.

/** Dollars (as the API and the columns hold them) → whole cents. */
export function toCents(dollars: number | null | undefined): number {
  if (dollars == null || !Number.isFinite(Number(dollars))) return 0;
  const v = Number(dollars);
  return Math.sign(v) * Math.round(roundMoney(Math.abs(v)) * 100);
}

/** Whole cents → dollars (2 decimals). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Cents as the app shows money ("$1,234.50"). */
export function formatCents(cents: number | null | undefined): string {
  return cents == null ? '' : formatMoney(fromCents(cents));
}

/**
 * `value × numerator ÷ denominator` rounded once to a whole number, half away from zero, in exact
 * integer arithmetic (BigInt: a cent amount times a rate in millionths can pass 2^53). The one
 * rounding of a line (qty × rate) and of a tax (taxable × rate).
 */
export function mulDivRound(value: number, numerator: number, denominator: number): number {
  if (!Number.isInteger(value) || !Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator === 0) {
    throw new RangeError('mulDivRound takes whole numbers and a denominator other than 0.');
  }
  const p = BigInt(value) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = p < 0n !== d < 0n;
  const ap = p < 0n ? -p : p;
  const ad = d < 0n ? -d : d;
  const q = (ap * 2n + ad) / (ad * 2n);
  return Number(negative ? -q : q);
}
