import { describe, expect, it } from 'vitest';
import { jobBilling } from './job-billing.ts';

describe('jobBilling', () => {
  it('sums the invoices sent, counting a final invoice’s deposits once, and leaves out drafts and void ones', () => {
    const deposit = { status: 'paid', total: 300, paid: 300, deposits_applied: 0, balance: 0 };
    const final = { status: 'partly_paid', total: 1000.1, paid: 200.05, deposits_applied: 300, balance: 500.05 };
    const voided = { status: 'void', total: 99, paid: 0, deposits_applied: 0, balance: 0 };
    const draft = { status: 'draft', total: 50, paid: 0, deposits_applied: 0, balance: 50 };
    expect(jobBilling([deposit, final, voided, draft])).toEqual({ billed: 1000.1, paid: 500.05, balance: 500.05, drafts: 50 });
  });
});
