import { describe, expect, it } from 'vitest';
import { depositLine, invoiceTotals, lineAmountCents, linesFromJob, type TaxRate } from './invoice-totals.ts';

const STATE_COUNTY: TaxRate[] = [
  { name: 'State', percent: 6.25 },
  { name: 'County', percent: 1.5 },
];

const totals = (...args: Parameters<typeof invoiceTotals>) => {
  const r = invoiceTotals(...args);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('a line, rounded once', () => {
  it('is qty × rate in cents, half away from zero', () => {
    expect(lineAmountCents(3, 19.99)).toBe(5997);
    expect(lineAmountCents(2.5, 10.33)).toBe(2583); // 25.825
    expect(lineAmountCents(0.1, 0.05)).toBe(1); // 0.005
    expect(lineAmountCents(1.23456, 100)).toBe(12346);
    expect(lineAmountCents(3, 0.1)).toBe(30); // 0.1 + 0.1 + 0.1 is not 0.3 in floats
  });
});

describe('invoice totals', () => {
  it('rounds the tax once over the taxable lines, at both rates together', () => {
    // three lines of $3.33 taxable: per-line tax would be 3 × 0.26 = 0.78; once: 9.99 × 7.75 % = 0.774 → 0.77
    const t = totals(
      [
        { amount: 3.33, taxable: true },
        { amount: 3.33, taxable: true },
        { amount: 3.33, taxable: true },
        { amount: 50, taxable: false },
      ],
      { rates: STATE_COUNTY },
    );
    expect(t).toMatchObject({ subtotal: 5999, taxable: 999, tax: 77, total: 6076, deposits: 0, amountDue: 6076 });
    // the rates' shares add up to the one rounded tax
    expect(t.taxByRate.map((r) => r.cents)).toEqual([62, 15]);
    expect(t.taxByRate.reduce((a, r) => a + r.cents, 0)).toBe(t.tax);
  });

  it('takes float-unfriendly amounts exactly', () => {
    const t = totals(
      Array.from({ length: 10 }, () => ({ amount: 0.1, taxable: true })),
      { rates: [{ name: 'State', percent: 10 }] },
    );
    expect(t).toMatchObject({ subtotal: 100, tax: 10, total: 110 });
  });

  it('charges an exempt client no tax, whatever the lines say', () => {
    const t = totals([{ amount: 1000, taxable: true }], { rates: STATE_COUNTY, exempt: true });
    expect(t).toMatchObject({ subtotal: 100000, taxable: 0, tax: 0, total: 100000 });
    expect(t.taxByRate.map((r) => r.cents)).toEqual([0, 0]);
  });

  it('has no tax without rates, and rounds a half cent of tax up', () => {
    expect(totals([{ amount: 10, taxable: true }], { rates: [] })).toMatchObject({ tax: 0, total: 1000 });
    // $10.00 × 6.25 % = 62.5 cents → 63
    expect(totals([{ amount: 10, taxable: true }], { rates: [{ name: 'State', percent: 6.25 }] })).toMatchObject({ tax: 63 });
  });

  it('lets a discount line lower the tax, never below none', () => {
    expect(
      totals(
        [
          { amount: 100, taxable: true },
          { amount: -20, taxable: true },
        ],
        { rates: [{ name: 'State', percent: 10 }] },
      ),
    ).toMatchObject({ subtotal: 8000, taxable: 8000, tax: 800, total: 8800 });
    expect(
      totals(
        [
          { amount: 100, taxable: false },
          { amount: -20, taxable: true },
        ],
        { rates: [{ name: 'State', percent: 10 }] },
      ),
    ).toMatchObject({ taxable: 0, tax: 0, total: 8000 });
  });

  it("keeps a rate to the 5 decimals its column keeps, as the server's SQL does", () => {
    // $1,000,000.00 × 7.00005 % = $70,000.50 (at 4 decimals, 7.0001 %, it would be $70,001.00)
    expect(totals([{ amount: 1_000_000, taxable: true }], { rates: [{ name: 'State', percent: 7.00005 }] })).toMatchObject({ tax: 7_000_050 });
  });

  it('subtracts the deposits paid from a final invoice', () => {
    const t = totals([{ amount: 1000, taxable: true }], { rates: STATE_COUNTY, deposits: 30000 });
    expect(t).toMatchObject({ total: 107750, deposits: 30000, amountDue: 77750 });
  });

  it('refuses by name a negative total, deposits beyond the total, and a rate out of range', () => {
    const neg = invoiceTotals([{ amount: -5, taxable: false }], { rates: [] });
    expect(neg).toMatchObject({ ok: false, code: 'negative_total' });
    const dep = invoiceTotals([{ amount: 100, taxable: false }], { rates: [], deposits: 10001 });
    expect(dep).toMatchObject({ ok: false, code: 'deposits_exceed_total' });
    expect(!dep.ok && dep.message).toBe("The deposits paid ($100.01) are more than this invoice's total ($100.00).");
    expect(invoiceTotals([], { rates: [{ name: 'State', percent: 101 }] })).toMatchObject({ ok: false, code: 'bad_rate' });
  });
});

describe('deposits', () => {
  it('asks for a percent of the job, rounded once, or an amount', () => {
    expect(depositLine({ kind: 'percent', percent: 30 }, 1234567)).toEqual({ ok: true, value: { description: 'Deposit: 30% of $12,345.67', cents: 370370 } });
    expect(depositLine({ kind: 'percent', percent: 33.3333 }, 100)).toMatchObject({ ok: true, value: { cents: 33 } });
    expect(depositLine({ kind: 'amount', cents: 50000 }, 1234567)).toEqual({ ok: true, value: { description: 'Deposit', cents: 50000 } });
  });
  it('refuses a percent out of range, an amount of nothing, and deposits beyond the job', () => {
    for (const percent of [0, -5, 101, Number.NaN])
      expect(depositLine({ kind: 'percent', percent }, 1000)).toMatchObject({ ok: false, code: 'deposit_percent' });
    expect(depositLine({ kind: 'amount', cents: 0 }, 1000)).toMatchObject({ ok: false, code: 'deposit_amount' });
    expect(depositLine({ kind: 'percent', percent: 50 }, 0)).toMatchObject({ ok: false, code: 'deposit_amount' });
    const over = depositLine({ kind: 'percent', percent: 60 }, 100000, 50000);
    expect(over).toMatchObject({ ok: false, code: 'deposit_exceeds_job' });
    expect(!over.ok && over.message).toBe('Deposits would then ask for $1,100.00 of a job whose total is $1,000.00 ($500.00 already asked).');
    expect(depositLine({ kind: 'percent', percent: 50 }, 100000, 50000)).toMatchObject({ ok: true, value: { cents: 50000 } });
  });
});

describe('lines from a job', () => {
  it('bills each job product at its revenue, then the trip charge and the additional revenues', () => {
    const lines = linesFromJob({
      products: [
        { id: 7, description: 'Shower door', qty: 2, revenue: 1250.5, taxable: true },
        { id: 8, description: 'Mirror', qty: 3, revenue: 100, taxable: false },
        { id: 9, description: 'Labour only', qty: 0, revenue: 80, taxable: false },
      ],
      trip_charge: 75,
      additional_revenues: 0,
    });
    expect(lines).toEqual([
      { description: 'Shower door', qty: 2, rate: 625.25, amount: 1250.5, taxable: true, kind: 'product', source_job_product_id: 7 },
      // revenue typed apart from qty × unit: the amount is the revenue
      { description: 'Mirror', qty: 3, rate: 33.33, amount: 100, taxable: false, kind: 'product', source_job_product_id: 8 },
      { description: 'Labour only', qty: 1, rate: 80, amount: 80, taxable: false, kind: 'product', source_job_product_id: 9 },
      { description: 'Trip charge', qty: 1, rate: 75, amount: 75, taxable: false, kind: 'trip_charge', source_job_product_id: null },
    ]);
    expect(linesFromJob({ products: [], additional_revenues: 10 }, true)).toEqual([
      { description: 'Additional work', qty: 1, rate: 10, amount: 10, taxable: true, kind: 'additional', source_job_product_id: null },
    ]);
  });
});
