import { describe, expect, it } from 'vitest';
import { balanceDue, editable, payable, statusAfterSend, statusFromPayments, statusLine, voidInvoice, type InvoiceStatus } from './invoice-status.ts';

const inv = (status: InvoiceStatus, more: { exported?: boolean } = {}) => ({ number: 1042, status, ...more });

describe('invoice status', () => {
  it('lets only a draft no export took be changed, and says why not', () => {
    expect(editable(inv('draft'))).toEqual({ ok: true, value: true });
    expect(editable(inv('sent'))).toEqual({ ok: false, code: 'not_draft', message: 'Invoice 1042 is sent: only a draft invoice can be changed.' });
    expect(editable(inv('partly_paid'))).toMatchObject({ ok: false, code: 'not_draft', message: expect.stringContaining('is partly paid') });
    expect(editable(inv('draft', { exported: true }))).toMatchObject({ ok: false, code: 'exported', message: expect.stringContaining('only voided') });
  });

  it('sends a draft (it becomes sent) and sends again without moving a later status', () => {
    expect(statusAfterSend({ ...inv('draft'), lineCount: 2 })).toEqual({ ok: true, value: 'sent' });
    expect(statusAfterSend({ ...inv('sent'), lineCount: 2 })).toEqual({ ok: true, value: 'sent' });
    expect(statusAfterSend({ ...inv('partly_paid'), lineCount: 2 })).toEqual({ ok: true, value: 'partly_paid' });
    expect(statusAfterSend({ ...inv('paid'), lineCount: 2 })).toEqual({ ok: true, value: 'paid' });
    expect(statusAfterSend({ ...inv('void'), lineCount: 2 })).toMatchObject({ ok: false, code: 'void' });
    expect(statusAfterSend({ ...inv('draft'), lineCount: 0 })).toMatchObject({ ok: false, code: 'empty' });
  });

  it('takes payments once sent, and never when void or paid', () => {
    expect(payable(inv('sent')).ok).toBe(true);
    expect(payable(inv('partly_paid')).ok).toBe(true);
    expect(payable(inv('draft'))).toMatchObject({
      ok: false,
      code: 'draft',
      message: 'Invoice 1042 is a draft: send it before recording a payment against it.',
    });
    expect(payable(inv('void'))).toMatchObject({ ok: false, code: 'void' });
    expect(payable(inv('paid'))).toMatchObject({ ok: false, code: 'paid', message: 'Invoice 1042 is already paid in full.' });
  });

  it('follows its payments: sent → partly paid → paid, and back when a payment is voided', () => {
    expect(statusFromPayments('sent', 10000, 0)).toBe('sent');
    expect(statusFromPayments('sent', 10000, 1)).toBe('partly_paid');
    expect(statusFromPayments('partly_paid', 10000, 10000)).toBe('paid');
    expect(statusFromPayments('paid', 10000, 4000)).toBe('partly_paid');
    expect(statusFromPayments('partly_paid', 10000, 0)).toBe('sent');
    // a final invoice its deposits covered owes nothing: paid
    expect(statusFromPayments('sent', 0, 0)).toBe('paid');
    expect(statusFromPayments('draft', 10000, 0)).toBe('draft');
    expect(statusFromPayments('void', 10000, 10000)).toBe('void');
    expect(balanceDue('partly_paid', 10000, 2500)).toBe(7500);
    expect(balanceDue('void', 10000, 2500)).toBe(0);
  });

  it('voids with a reason from any status but paid; a void invoice stays void', () => {
    for (const s of ['draft', 'sent', 'partly_paid'] as const)
      expect(voidInvoice(inv(s), ' Billed twice ')).toEqual({ ok: true, value: { status: 'void', reason: 'Billed twice' } });
    expect(voidInvoice(inv('sent', { exported: true }), 'Wrong client')).toMatchObject({ ok: true });
    expect(voidInvoice(inv('paid'), 'x')).toMatchObject({
      ok: false,
      code: 'paid',
      message: 'Invoice 1042 is paid: void its payments first if it was billed by mistake.',
    });
    expect(voidInvoice(inv('void'), 'x')).toMatchObject({ ok: false, code: 'already_void' });
    expect(voidInvoice(inv('sent'), '  ')).toMatchObject({ ok: false, code: 'reason', message: 'Say why the invoice is void.' });
    expect(voidInvoice(inv('sent'), null)).toMatchObject({ ok: false, code: 'reason' });
  });

  it('words a status with what is due', () => {
    expect(statusLine('partly_paid', 12050)).toBe('Partly paid: $120.50 due');
    expect(statusLine('paid', 0)).toBe('Paid');
  });
});
