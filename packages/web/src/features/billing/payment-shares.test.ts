import { describe, expect, it } from 'vitest';
import type { OpenInvoice } from '@glazier/shared/rules/billing/payments';
import { defaultShares, sharesToSend } from './payment-shares.ts';

const inv = (id: number, due: string, balance: number): OpenInvoice => ({ id, number: 1000 + id, client_id: 1, status: 'sent', due_date: due, balance });
const open = [inv(3, '2026-03-01', 5000), inv(1, '2026-01-01', 10000), inv(2, '2026-02-01', 2500)];

describe('defaultShares', () => {
  it('pays oldest due first, each up to its balance', () => {
    expect(defaultShares(11000, open, null)).toEqual([
      { invoice_id: 1, cents: 10000 },
      { invoice_id: 2, cents: 1000 },
      { invoice_id: 3, cents: 0 },
    ]);
  });

  it('pays the invoice it was opened from first', () => {
    expect(defaultShares(6000, open, 3)).toEqual([
      { invoice_id: 3, cents: 5000 },
      { invoice_id: 1, cents: 1000 },
      { invoice_id: 2, cents: 0 },
    ]);
  });

  it('leaves out invoices with nothing owed', () => {
    expect(defaultShares(100, [inv(1, '2026-01-01', 0), inv(2, '2026-02-01', 100)], null)).toEqual([{ invoice_id: 2, cents: 100 }]);
  });
});

describe('sharesToSend', () => {
  it('sends the shares over 0 when they add up to the amount', () => {
    expect(sharesToSend(11000, defaultShares(11000, open, null))).toEqual([
      { invoice_id: 1, cents: 10000 },
      { invoice_id: 2, cents: 1000 },
    ]);
  });

  it('sends none for more than is open, so the server refuses in its words', () => {
    expect(sharesToSend(20000, defaultShares(20000, open, null))).toBeUndefined();
  });
});
