/** Phone numbers are stored as digits: a leading 1 followed by up to 10 digits (docs/platform.md, Formats). */

export const PHONE_DIGITS = 10;

/**
 * How a phone number may be written: digits, spaces, parentheses, dots and dashes, with a leading
 * `+` (`(503) 555-1234`, `+1 503.555.1234`, `15035551234`). Letters, control characters and other
 * signs are refused rather than dropped ("ab" is no number, "x1" no 1).
 */
export const PHONE_TEXT = /^\s*\+?[\d\s().-]*$/;
export const PHONE_MESSAGE = 'Must be a 10-digit phone number.';

/** Keeps digits only, drops a leading country 1, and caps at 10 digits. */
export function phoneDigits(input: string | null | undefined): string {
  let digits = (input ?? '').replace(/\D/g, '');
  if (digits.length > PHONE_DIGITS && digits.startsWith('1')) digits = digits.slice(1);
  else if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.slice(0, PHONE_DIGITS);
}

/** The stored form: '1' + the digits, or '' when empty. */
export function phoneToStored(input: string | null | undefined): string {
  const digits = phoneDigits(stripStoredPrefix(input));
  return digits ? `1${digits}` : '';
}

function stripStoredPrefix(input: string | null | undefined): string {
  const d = (input ?? '').replace(/\D/g, '');
  return d.length === PHONE_DIGITS + 1 && d.startsWith('1') ? d.slice(1) : d;
}

/** Display as (xxx) xxx-xxxx, partially while typing. */
export function formatPhone(input: string | null | undefined): string {
  const d = phoneDigits(stripStoredPrefix(input));
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
