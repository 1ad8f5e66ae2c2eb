/**
 * What a person types in a number field, read strictly ("honest inputs"): the field
 * either accepts the text as exactly the number it says, or says why not. Nothing is dropped
 * (`1e20` is not 120), rounded (`1.234` is not $1.23) or clamped (`−5` is not 0).
 *
 * Accepted: digits with an optional decimal part (`12`, `12.5`, `.5`, `12.`), thousands
 * separators in their places (`1,234.50`), a leading sign (`-5`, `+5`, and the typographic minus
 * `−5` or dash `–5` that phones and word processors put there), and for money a dollar sign before
 * or after the sign (`$-5`, `-$5`). Trailing zeros beyond the field's decimals are fine (`1.500`).
 */
import type { NumberBounds } from '@glazier/shared/resources/fields';

export type NumberTextKind = 'money' | 'qty' | 'int';

/** The decimals each kind stores (money numeric(12,2), quantities numeric(14,5), whole numbers). */
export const NUMBER_DECIMALS: Record<NumberTextKind, number> = { money: 2, qty: 5, int: 0 };

export type NumberRead = { ok: true; value: number | null } | { ok: false; error: string };

const SIGN = /^[-+\u2212\u2012\u2013\uFE63\uFF0D]/;
const DIGITS = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/** The message the server gives for a value that is not a number of this kind. */
export const notNumberMessage = (kind: NumberTextKind) => (kind === 'int' ? 'Must be a whole number.' : 'Must be a number.');

/** Reads `text` as a number of `kind`: `{ok, value}` (null for no text) or `{ok: false, error}`. */
export function readNumberText(text: string, kind: NumberTextKind): NumberRead {
  let s = text.trim();
  if (s === '') return { ok: true, value: null };
  const fail = { ok: false, error: notNumberMessage(kind) } as const;
  let negative = false;
  const dollar = () => {
    if (kind === 'money' && s.startsWith('$')) s = s.slice(1).trimStart();
  };
  dollar();
  if (SIGN.test(s)) {
    negative = s[0] !== '+';
    s = s.slice(1).trimStart();
  }
  dollar();
  const m = DIGITS.exec(s);
  if (!m || (m[1] === undefined && !m[2])) return fail;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > NUMBER_DECIMALS[kind]) {
    return { ok: false, error: kind === 'int' ? notNumberMessage(kind) : `Must have at most ${NUMBER_DECIMALS[kind]} decimal places.` };
  }
  const magnitude = Number(`${(m[1] ?? '0').replaceAll(',', '')}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(magnitude)) return fail;
  return { ok: true, value: negative && magnitude !== 0 ? -magnitude : magnitude };
}

/** Whether `value` breaks `bounds`. */
export function outOfBounds(bounds: NumberBounds, value: number): boolean {
  return (bounds.exclusive ? value <= bounds.min : value < bounds.min) || value > bounds.max;
}

/** A stored value as its field shows it: `$1,234.50` / `-$5.00`, `12.5`, `7`. */
export function numberText(value: number | null | undefined, kind: NumberTextKind): string {
  if (value == null || !Number.isFinite(value)) return '';
  if (kind === 'money') {
    const abs = Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${value < 0 ? '-' : ''}$${abs}`;
  }
  if (kind === 'int') return String(Math.trunc(value));
  // Up to 5 decimals, without trailing zeros or exponent notation.
  return value.toFixed(NUMBER_DECIMALS.qty).replace(/\.?0+$/, '');
}
