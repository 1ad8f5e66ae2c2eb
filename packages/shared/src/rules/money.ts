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
