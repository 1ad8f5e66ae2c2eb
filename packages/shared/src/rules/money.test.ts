import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, formatQty } from './money.ts';

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
