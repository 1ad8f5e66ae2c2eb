import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, formatPercent, formatQty, fromCents, mulDivRound, toCents } from './money.ts';

describe('money, quantities and percents as the app shows them', () => {
  it('rounds money to cents, shows quantities to 5 decimals and ratios as percents with one decimal', () => {
    expect(formatMoney(1234.565)).toBe('$1,234.57');
    expect(formatQty(2.1234567)).toBe('2.12346');
    expect(formatPercent(0.4684)).toBe('46.8%');
    expect(formatPercent(-0.05)).toBe('-5.0%');
    expect(formatPercent(null)).toBe('');
    expect(formatPercent(Number.NaN)).toBe('');
  });
});

describe('exact money in cents', () => {
  it('converts dollars to whole cents without float error, and back', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(-2.675)).toBe(-268);
    expect(toCents(null)).toBe(0);
    expect(toCents(9_999_999_999.99)).toBe(999_999_999_999);
    expect(fromCents(1999)).toBe(19.99);
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(null)).toBe('');
  });

  it('multiplies and divides in integers, rounding once, half away from zero', () => {
    expect(mulDivRound(1000, 625, 10_000)).toBe(63); // 62.5 → 63
    expect(mulDivRound(-1000, 625, 10_000)).toBe(-63);
    expect(mulDivRound(1001, 1, 2)).toBe(501);
    expect(mulDivRound(1003, 1, 3)).toBe(334);
    // past 2^53 on the way: a large amount times a rate in millionths
    expect(mulDivRound(999_999_999_999, 82_500, 1_000_000)).toBe(82_500_000_000); // 82,499,999,999.9175
    expect(() => mulDivRound(1.5, 1, 1)).toThrow(RangeError);
    expect(() => mulDivRound(1, 1, 0)).toThrow(RangeError);
  });
});
