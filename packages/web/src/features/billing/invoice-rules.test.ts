import { describe, expect, it } from 'vitest';
import { invoiceButtons } from './invoice-actions.tsx';
import { taxRows } from './invoice-totals.tsx';

const base = { subtotal: 100, tax: 8.25, total: 108.25, paid: 0, balance: 108.25, deposits_applied: 0, status: 'sent' as const };

describe('the invoice page’s buttons by status', () => {
  it('a draft is sent, edited and voided; it takes no payment', () => {
    expect(invoiceButtons({ number: 1001, status: 'draft', exported_batch_id: null })).toEqual({ send: true, recordPayment: false, edit: true, void: true });
  });

  it('a partly paid invoice takes payments and is voided, not edited; an exported draft-like state is not edited either', () => {
    expect(invoiceButtons({ number: 1001, status: 'partly_paid', exported_batch_id: null })).toEqual({
      send: true,
      recordPayment: true,
      edit: false,
      void: true,
    });
    expect(invoiceButtons({ number: 1001, status: 'sent', exported_batch_id: 4 }).edit).toBe(false);
  });

  it('a paid invoice is not voided; a void one offers nothing but the PDF', () => {
    expect(invoiceButtons({ number: 1001, status: 'paid', exported_batch_id: null })).toEqual({ send: true, recordPayment: false, edit: false, void: false });
    expect(invoiceButtons({ number: 1001, status: 'void', exported_batch_id: null })).toEqual({ send: false, recordPayment: false, edit: false, void: false });
  });
});

describe('the tax rows', () => {
  it('splits the one tax by rate as the shared rule does, the shares adding up to it', () => {
    const invoice = { ...base, tax_exempt: false, tax1_name: 'State', tax1_percent: 6.25, tax2_name: 'County', tax2_percent: 2 };
    expect(taxRows(invoice, [{ amount: 100, taxable: true }])).toEqual([
      { label: 'State 6.25%', amount: '$6.25' },
      { label: 'County 2%', amount: '$2.00' },
    ]);
  });

  it('one rate is one row with the server’s tax; an exempt client’s invoice says so', () => {
    expect(taxRows({ ...base, tax_exempt: false, tax1_name: 'State', tax1_percent: 8.25, tax2_name: null, tax2_percent: 0 }, [])).toEqual([
      { label: 'State 8.25%', amount: '$8.25' },
    ]);
    expect(taxRows({ ...base, tax: 0, tax_exempt: true, tax1_name: 'State', tax1_percent: 8.25, tax2_name: null, tax2_percent: 0 }, [])).toEqual([
      { label: 'Tax (exempt)', amount: '$0.00' },
    ]);
  });
});
