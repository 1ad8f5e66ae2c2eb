import { describe, expect, it } from 'vitest';
import { formatLength, LENGTH_MAX_MESSAGE, LENGTH_MESSAGE, parseLength } from './length.ts';

const inches = (text: string) => {
  const p = parseLength(text);
  if (!p.ok) throw new Error(`${JSON.stringify(text)} refused: ${p.error}`);
  return p.inches;
};
const refusal = (text: string) => {
  const p = parseLength(text);
  return p.ok ? `accepted as ${p.inches}` : p.error;
};

describe('parseLength', () => {
  it('reads decimals, whole inches, mixed numbers and plain fractions', () => {
    expect(inches('35.4375')).toBe(35.4375);
    expect(inches('35')).toBe(35);
    expect(inches('35.')).toBe(35);
    expect(inches('.5')).toBe(0.5);
    expect(inches('0')).toBe(0);
    expect(inches('35 7/16')).toBe(35.4375);
    expect(inches('35-7/16')).toBe(35.4375);
    expect(inches('35 - 7/16')).toBe(35.4375);
    expect(inches('7/16')).toBe(0.4375);
    expect(inches('3/2')).toBe(1.5);
  });

  it('takes an inch mark and stray whitespace', () => {
    expect(inches('35 7/16"')).toBe(35.4375);
    expect(inches('  35   7 / 16 "  ')).toBe(35.4375);
    expect(inches('35.5″')).toBe(35.5);
    expect(inches('36 in')).toBe(36);
    expect(inches('\t72\n')).toBe(72);
  });

  it('gives null for blank text (no size yet)', () => {
    expect(inches('')).toBeNull();
    expect(inches('   ')).toBeNull();
  });

  it('keeps the stored precision (5 decimals)', () => {
    expect(inches('1/3')).toBe(0.33333);
    expect(inches('10 1/64')).toBe(10.01563);
  });

  it('refuses garbage, negatives, zero denominators and improper mixed fractions', () => {
    for (const text of [
      'abc',
      '35 7/',
      '/16',
      '35 7/0',
      '1/0',
      '-3',
      '-7/16',
      '35 --7/16',
      '3.5.1',
      '35 17/16',
      '35 16/16',
      '1e3',
      '"',
      '35 7/16 8',
      'Infinity',
      '0x10',
      '35,5',
    ]) {
      expect(refusal(text), text).toBe(LENGTH_MESSAGE);
    }
  });

  it('refuses a size no glass has', () => {
    expect(refusal('100000')).toBe(LENGTH_MAX_MESSAGE);
    expect(inches('99999')).toBe(99_999);
  });
});

describe('formatLength', () => {
  it('shows inches and sixteenths, the fraction reduced', () => {
    expect(formatLength(35.4375)).toBe('35 7/16"');
    expect(formatLength(35.5)).toBe('35 1/2"');
    expect(formatLength(35.25)).toBe('35 1/4"');
    expect(formatLength(35.125)).toBe('35 1/8"');
    expect(formatLength(0.0625)).toBe('1/16"');
    expect(formatLength(36)).toBe('36"');
    expect(formatLength(0)).toBe('0"');
  });

  it('rounds to the nearest sixteenth and carries into the next inch', () => {
    expect(formatLength(35.43)).toBe('35 7/16"');
    expect(formatLength(35.97)).toBe('36"');
    expect(formatLength(0.02)).toBe('0"');
    expect(formatLength(0.04)).toBe('1/16"');
    expect(formatLength(10.01563)).toBe('10"');
  });

  it('shows nothing for no value', () => {
    expect(formatLength(null)).toBe('');
    expect(formatLength(undefined)).toBe('');
    expect(formatLength(Number.NaN)).toBe('');
  });

  it('reads back what it writes', () => {
    for (let s = 0; s <= 16 * 40; s++) {
      const text = formatLength(s / 16);
      expect(parseLength(text), text).toEqual({ ok: true, inches: s / 16 });
    }
  });
});
