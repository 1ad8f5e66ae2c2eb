/**
 * Glass and cut sizes (docs/platform.md, Formats): decimal inches in the database, shown as glaziers
 * read them, inches and sixteenths (`35 7/16"`). Inputs take `35.4375`, `35 7/16`, `35-7/16`,
 * `35 7/16"`, `7/16` or `35`. The server's schema and the web's LengthField both parse with
 * `parseLength`, so the API and the browser accept and refuse the same text.
 */

export const LENGTH_MESSAGE = 'Enter inches like 35 7/16 or 35.4375.';
/** More inches than any sheet of glass (about 2.5 km): a typo, not a size. */
export const LENGTH_MAX = 99_999;
export const LENGTH_MAX_MESSAGE = `Must be at most ${LENGTH_MAX.toLocaleString('en-US')} inches.`;

export type LengthParse = { ok: true; inches: number | null } | { ok: false; error: string };

const DECIMAL = /^(\d+(?:\.\d*)?|\.\d+)$/;
const MIXED = /^(\d+)(?:\s+|\s*-\s*)(\d+)\s*\/\s*(\d+)$/;
const FRACTION = /^(\d+)\s*\/\s*(\d+)$/;

/** The stored precision (numeric scale 5): what is parsed is what is saved. */
const round5 = (n: number) => Math.round(n * 100_000) / 100_000;

/** Text typed into a length field → inches (null when blank), or the message to show. */
export function parseLength(text: string): LengthParse {
  // An inch mark at the end (`35 7/16"`, `35 7/16 in`) is how sizes are written; it adds nothing.
  const s = text.trim().replace(/\s*(?:"|″|in\.?|inches)$/i, '');
  if (s === '') return text.trim() === '' ? { ok: true, inches: null } : { ok: false, error: LENGTH_MESSAGE };
  let inches: number;
  let m: RegExpMatchArray | null;
  if (DECIMAL.test(s)) inches = Number(s);
  else if ((m = s.match(MIXED))) {
    const [whole, num, den] = [Number(m[1]), Number(m[2]), Number(m[3])];
    // 35 17/16 or 35 7/0 is a slip of the finger, not a size.
    if (den === 0 || num >= den) return { ok: false, error: LENGTH_MESSAGE };
    inches = whole + num / den;
  } else if ((m = s.match(FRACTION))) {
    const [num, den] = [Number(m[1]), Number(m[2])];
    if (den === 0) return { ok: false, error: LENGTH_MESSAGE };
    inches = num / den;
  } else return { ok: false, error: LENGTH_MESSAGE };
  if (!Number.isFinite(inches)) return { ok: false, error: LENGTH_MESSAGE };
  if (inches > LENGTH_MAX) return { ok: false, error: LENGTH_MAX_MESSAGE };
  return { ok: true, inches: round5(inches) };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Inches → `35 7/16"` to the nearest sixteenth, the fraction reduced; '' for no value. */
export function formatLength(inches: number | null | undefined): string {
  if (inches == null || !Number.isFinite(inches)) return '';
  const sixteenths = Math.round(Math.abs(inches) * 16);
  const sign = inches < 0 && sixteenths > 0 ? '-' : '';
  // Rounding 35.98 gives 576/16: the remainder is 0 and the whole inch carries to 36.
  const whole = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  if (rest === 0) return `${sign}${whole}"`;
  const d = gcd(rest, 16);
  const fraction = `${rest / d}/${16 / d}`;
  return whole === 0 ? `${sign}${fraction}"` : `${sign}${whole} ${fraction}"`;
}
