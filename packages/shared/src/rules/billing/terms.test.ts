import { describe, expect, it } from 'vitest';
import { dueDate, termDays, termsText } from './terms.ts';

describe('terms and the due date', () => {
  it('gives the due date of each term', () => {
    expect(dueDate('2026-12-07', 'due_on_receipt')).toEqual({ ok: true, value: '2026-12-07' });
    expect(dueDate('2026-12-07', 'net_15')).toEqual({ ok: true, value: '2026-12-22' });
    expect(dueDate('2026-12-07', 'net_30')).toEqual({ ok: true, value: '2027-01-06' });
    expect(dueDate('2026-02-01', 'days', 45)).toEqual({ ok: true, value: '2026-03-18' });
    // across a leap day and a daylight-saving change alike
    expect(dueDate('2028-02-15', 'net_15')).toEqual({ ok: true, value: '2028-03-01' });
    expect(dueDate('2026-03-01', 'net_30')).toEqual({ ok: true, value: '2026-03-31' });
  });
  it('reads the days only for the days term, and refuses days out of range by name', () => {
    expect(termDays('net_15', 99)).toEqual({ ok: true, value: 15 });
    for (const bad of [null, -1, 2.5, 366]) {
      const r = termDays('days', bad);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.code).toBe('terms_days');
    }
    const r = dueDate('2026-02-30', 'net_15');
    expect(!r.ok && r.code).toBe('issue_date');
  });
  it('words the terms as the invoice and QuickBooks do', () => {
    expect(termsText('due_on_receipt')).toBe('Due on receipt');
    expect(termsText('net_30')).toBe('Net 30');
    expect(termsText('days', 45)).toBe('Net 45');
    expect(termsText('days', 0)).toBe('Due on receipt');
  });
});
