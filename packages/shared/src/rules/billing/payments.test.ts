import { describe, expect, it } from 'vitest';
import { allocatePayment, voidPayment, type OpenInvoice } from './payments.ts';

const open = (id: number, number: number, due: string, balance: number, more: Partial<OpenInvoice> = {}): OpenInvoice => ({
  id,
  number,
  client_id: 1,
  status: 'sent',
  due_date: due,
  balance,
  ...more,
});

const INVOICES = [open(3, 1003, '2026-11-30', 30000), open(1, 1001, '2026-10-31', 10000, { status: 'partly_paid' }), open(2, 1002, '2026-10-31', 5000)];

describe('allocating a payment', () => {
  it('pays one invoice', () => {
    expect(allocatePayment({ client_id: 1, cents: 4000, method: 'card', shares: [{ invoice_id: 3, cents: 4000 }] }, INVOICES)).toEqual({
      ok: true,
      value: [{ invoice_id: 3, cents: 4000 }],
    });
  });

  it('spreads over the open invoices, oldest due first (then by number), paying each in full before the next', () => {
    expect(allocatePayment({ client_id: 1, cents: 20000, method: 'check', check_number: '5521' }, INVOICES)).toEqual({
      ok: true,
      value: [
        { invoice_id: 1, cents: 10000 },
        { invoice_id: 2, cents: 5000 },
        { invoice_id: 3, cents: 5000 },
      ],
    });
    // exactly what is open: all of it
    expect(allocatePayment({ client_id: 1, cents: 45000, method: 'ach' }, INVOICES)).toMatchObject({ ok: true, value: { length: 3 } });
  });

  it('takes the shares the person chose across invoices', () => {
    const r = allocatePayment(
      {
        client_id: 1,
        cents: 12000,
        method: 'cash',
        shares: [
          { invoice_id: 3, cents: 7000 },
          { invoice_id: 2, cents: 5000 },
        ],
      },
      INVOICES,
    );
    expect(r).toEqual({
      ok: true,
      value: [
        { invoice_id: 3, cents: 7000 },
        { invoice_id: 2, cents: 5000 },
      ],
    });
  });

  it('refuses over-payment in words: no silent credit', () => {
    const r = allocatePayment({ client_id: 1, cents: 45001, method: 'ach' }, INVOICES);
    expect(r).toEqual({
      ok: false,
      code: 'over_payment',
      message: "This payment of $450.01 is more than the $450.00 open on the client's invoices. Record $450.00 or less: there is no credit on account.",
    });
    const one = allocatePayment({ client_id: 1, cents: 5001, method: 'card', shares: [{ invoice_id: 2, cents: 5001 }] }, INVOICES);
    expect(one).toEqual({ ok: false, code: 'share_over_balance', message: "$50.01 is more than invoice 1002's balance of $50.00." });
  });

  it('refuses by name what cannot be paid', () => {
    const pay = (shares: { invoice_id: number; cents: number }[], cents = 1000, invoices = INVOICES) =>
      allocatePayment({ client_id: 1, cents, method: 'card', shares }, invoices);
    expect(allocatePayment({ client_id: 1, cents: 0, method: 'card' }, INVOICES)).toMatchObject({ ok: false, code: 'amount' });
    expect(allocatePayment({ client_id: 1, cents: 10.5, method: 'card' }, INVOICES)).toMatchObject({ ok: false, code: 'amount' });
    expect(allocatePayment({ client_id: 1, cents: 1000, method: 'check', check_number: ' ' }, INVOICES)).toMatchObject({ ok: false, code: 'check_number' });
    expect(pay([{ invoice_id: 99, cents: 1000 }])).toMatchObject({ ok: false, code: 'unknown_invoice' });
    expect(
      pay([
        { invoice_id: 3, cents: 500 },
        { invoice_id: 3, cents: 500 },
      ]),
    ).toMatchObject({ ok: false, code: 'unknown_invoice' });
    expect(pay([{ invoice_id: 7, cents: 1000 }], 1000, [open(7, 1007, '2026-10-01', 5000, { client_id: 2 })])).toMatchObject({
      ok: false,
      code: 'other_client',
      message: "Invoice 1007 is another client's: a payment pays one client's invoices.",
    });
    expect(pay([{ invoice_id: 8, cents: 1000 }], 1000, [open(8, 1008, '2026-10-01', 5000, { status: 'draft' })])).toMatchObject({
      ok: false,
      code: 'not_payable',
    });
    expect(pay([{ invoice_id: 8, cents: 1000 }], 1000, [open(8, 1008, '2026-10-01', 5000, { status: 'void' })])).toMatchObject({
      ok: false,
      code: 'not_payable',
    });
    expect(pay([{ invoice_id: 3, cents: 0 }])).toMatchObject({ ok: false, code: 'share' });
    expect(pay([{ invoice_id: 3, cents: 900 }])).toMatchObject({
      ok: false,
      code: 'shares_sum',
      message: "The amounts for the invoices add up to $9.00, not the payment's $10.00.",
    });
    // nothing open: the client's invoices are paid, drafts or void, or another client's
    expect(
      allocatePayment({ client_id: 1, cents: 1000, method: 'card' }, [
        open(4, 1004, '2026-10-01', 0, { status: 'paid' }),
        open(5, 1005, '2026-10-01', 1000, { status: 'draft' }),
        open(6, 1006, '2026-10-01', 1000, { client_id: 2 }),
      ]),
    ).toMatchObject({ ok: false, code: 'no_open_invoices' });
  });
});

describe('voiding a payment', () => {
  it('needs a reason, once', () => {
    expect(voidPayment({ voided: false }, ' Check bounced ')).toEqual({ ok: true, value: { reason: 'Check bounced' } });
    expect(voidPayment({ voided: false }, '')).toMatchObject({ ok: false, code: 'reason' });
    expect(voidPayment({ voided: true }, 'again')).toMatchObject({ ok: false, code: 'already_void' });
  });
});
