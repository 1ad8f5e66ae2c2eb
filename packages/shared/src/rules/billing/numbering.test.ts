import { describe, expect, it } from 'vitest';
import { FIRST_INVOICE_NUMBER, nextInvoiceNumber } from './numbering.ts';

describe('invoice numbers', () => {
  it('start at 1001 and go one past the highest used', () => {
    expect(nextInvoiceNumber(null, null)).toBe(FIRST_INVOICE_NUMBER);
    expect(nextInvoiceNumber(1001, null)).toBe(1002);
  });
  it("never fall below Settings' next number, which never lowers one already used", () => {
    expect(nextInvoiceNumber(1010, '5000')).toBe(5000);
    expect(nextInvoiceNumber(5000, '5000')).toBe(5001);
    expect(nextInvoiceNumber(1010, '12')).toBe(1011);
    expect(nextInvoiceNumber(null, 'not a number')).toBe(FIRST_INVOICE_NUMBER);
  });
});
