import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCents } from '../money.ts';
import { DEFAULT_EXPORT_MAPPING, parseExportMapping } from './export-mapping.ts';
import { QBO_HEADERS, qboCsv, XERO_HEADERS, xeroCsv, type ExportInvoice } from './exports.ts';
import { invoiceTotals, type TaxRate } from './invoice-totals.ts';

const RATES: TaxRate[] = [
  { name: 'State', percent: 6.25 },
  { name: 'County', percent: 1.5 },
];

type Line = { description: string; qty: number; rate: number; amount: number; taxable: boolean; kind: ExportInvoice['lines'][number]['kind'] };

/** An invoice as the export action will build it: its lines and the totals the rules give them. */
function invoice(
  base: Omit<ExportInvoice, 'lines' | 'taxByRate' | 'deposits'>,
  lines: Line[],
  deposits: { number: number; cents: number }[] = [],
  exempt = false,
) {
  const t = invoiceTotals(lines, { rates: RATES, exempt, deposits: deposits.reduce((a, d) => a + d.cents, 0) });
  if (!t.ok) throw new Error(t.message);
  const inv: ExportInvoice = {
    ...base,
    lines: lines.map((l) => ({ description: l.description, qty: l.qty, rate: l.rate, cents: toCents(l.amount), kind: l.kind })),
    taxByRate: t.value.taxByRate,
    deposits,
  };
  return { inv, amountDue: t.value.amountDue };
}

const deposit = invoice(
  {
    number: 1041,
    client_name: 'Smith, "Bob" & Sons',
    client_email: 'bob@smith.example',
    reference: '26-0012 Smith remodel',
    issue_date: '2026-11-02',
    due_date: '2026-11-02',
    terms: 'Due on receipt',
    memo: null,
  },
  [{ description: 'Deposit: 30% of $3,000.00', qty: 1, rate: 900, amount: 900, taxable: false, kind: 'deposit' }],
);
const final = invoice(
  {
    number: 1042,
    client_name: 'Smith, "Bob" & Sons',
    client_email: 'bob@smith.example',
    reference: '26-0012 Smith remodel',
    issue_date: '2026-12-03',
    due_date: '2027-01-02',
    terms: 'Net 30',
    memo: 'Thank you,\nsee you again',
  },
  [
    { description: 'Frameless shower door', qty: 1, rate: 2400, amount: 2400, taxable: true, kind: 'product' },
    // revenue typed apart from qty × rate: exported as 1 × its amount
    { description: 'Mirror', qty: 3, rate: 33.33, amount: 100, taxable: true, kind: 'product' },
    { description: 'Trip charge', qty: 1, rate: 75, amount: 75, taxable: false, kind: 'trip_charge' },
    { description: 'Film', qty: 2.5, rate: 10, amount: 25, taxable: true, kind: 'custom' },
  ],
  [{ number: 1041, cents: 90000 }],
);
const exempt = invoice(
  {
    number: 1043,
    client_name: 'City Schools',
    client_email: null,
    reference: null,
    issue_date: '2026-12-05',
    due_date: '2026-12-20',
    terms: 'Net 15',
    memo: null,
  },
  [{ description: 'Storefront glass', qty: 4, rate: 312.5, amount: 1250, taxable: true, kind: 'product' }],
  [],
  true,
);
const ALL = [deposit, final, exempt];

function read(csv: string) {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

/** The cents each invoice's rows add up to, by its number. */
function sums(rows: Record<string, string>[], numberCol: string, amountOf: (r: Record<string, string>) => number) {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r[numberCol]!, (out.get(r[numberCol]!) ?? 0) + amountOf(r));
  return Object.fromEntries(out);
}

describe('QuickBooks Online invoice import', () => {
  const parsed = read(qboCsv(ALL.map((i) => i.inv)));

  it('has its documented headers, in order, and a row per line, tax rate and deposit', () => {
    expect(parsed.meta.fields).toEqual([...QBO_HEADERS]);
    expect(parsed.data).toHaveLength(1 + (4 + 2 + 1) + 1);
  });

  it("adds up, invoice by invoice, to each invoice's amount due", () => {
    expect(sums(parsed.data, 'Invoice no', (r) => toCents(Number(r['Item amount'])))).toEqual({
      '1041': deposit.amountDue,
      '1042': final.amountDue,
      '1043': exempt.amountDue,
    });
    expect(final.amountDue).toBe(260000 - 90000 + 19569); // lines, less the deposit, plus 7.75 % of the taxable $2,525.00 (195.6875)
    expect(exempt.amountDue).toBe(125000);
  });

  it('writes dates MM/DD/YYYY, the terms, the mapped items and the no-tax code, and keeps commas, quotes and line breaks', () => {
    const rows = parsed.data.filter((r) => r['Invoice no'] === '1042');
    expect(rows[0]).toMatchObject({
      Customer: 'Smith, "Bob" & Sons',
      'Invoice date': '12/03/2026',
      'Due date': '01/02/2027',
      Terms: 'Net 30',
      'Item (Product/Service)': 'Sales',
      'Item quantity': '1',
      'Item rate': '2400.00',
      'Item amount': '2400.00',
      'Item tax code': 'NON',
      Memo: 'Thank you,\nsee you again',
    });
    expect(rows[1]).toMatchObject({ 'Item description': 'Mirror (3 × 33.33)', 'Item quantity': '1', 'Item rate': '100.00', 'Item amount': '100.00' });
    expect(rows[3]).toMatchObject({ 'Item quantity': '2.5', 'Item rate': '10.00', 'Item amount': '25.00' });
    expect(rows.slice(4).map((r) => [r['Item (Product/Service)'], r['Item description'], r['Item amount']])).toEqual([
      ['Sales tax', 'Sales tax: State', '157.81'],
      ['Sales tax', 'Sales tax: County', '37.88'],
      ['Customer deposit', 'Less deposit paid (invoice 1041)', '-900.00'],
    ]);
  });
});

describe('Xero sales invoice import', () => {
  it('has its documented headers and adds up per invoice, quantity × unit amount, to the amount due', () => {
    const parsed = read(xeroCsv(ALL.map((i) => i.inv)));
    expect(parsed.meta.fields).toEqual([...XERO_HEADERS]);
    expect(sums(parsed.data, 'InvoiceNumber', (r) => Math.round(Number(r.Quantity) * toCents(Number(r.UnitAmount))))).toEqual({
      '1041': deposit.amountDue,
      '1042': final.amountDue,
      '1043': exempt.amountDue,
    });
    expect(parsed.data.find((r) => r.InvoiceNumber === '1042')).toMatchObject({
      ContactName: 'Smith, "Bob" & Sons',
      EmailAddress: 'bob@smith.example',
      Reference: '26-0012 Smith remodel',
      InvoiceDate: '03/12/2026',
      DueDate: '02/01/2027',
      AccountCode: '200',
      TaxType: 'Tax Exempt',
      Currency: 'USD',
    });
    expect(parsed.data.filter((r) => r.InvoiceNumber === '1042').map((r) => r.AccountCode)).toEqual(['200', '200', '200', '200', '820', '820', '835']);
  });

  it("writes the dates in the organisation's form when the mapping says so", () => {
    const map = { ...DEFAULT_EXPORT_MAPPING, xeroDateFormat: 'MM/DD/YYYY' as const };
    const parsed = read(xeroCsv([exempt.inv], map));
    expect(parsed.data[0]).toMatchObject({ InvoiceDate: '12/05/2026', DueDate: '12/20/2026', EmailAddress: '', Reference: '' });
  });
});

describe('the export names setting', () => {
  it('fills what it leaves out from the defaults', () => {
    const r = parseExportMapping('{"qboItems": {"product": "Glass"}, "xeroDateFormat": "MM/DD/YYYY"}');
    expect(r.ok && r.value.qboItems).toEqual({ ...DEFAULT_EXPORT_MAPPING.qboItems, product: 'Glass' });
    expect(r.ok && r.value.xeroDateFormat).toBe('MM/DD/YYYY');
    expect(parseExportMapping('')).toEqual({ ok: true, value: DEFAULT_EXPORT_MAPPING });
  });
  it('refuses what does not read, by name', () => {
    expect(parseExportMapping('{')).toMatchObject({ ok: false, code: 'export_mapping' });
    expect(parseExportMapping('{"qboItems": {"nails": "x"}}')).toMatchObject({ ok: false, code: 'export_mapping' });
    expect(parseExportMapping('{"currency": "dollars"}')).toMatchObject({ ok: false, code: 'export_mapping', message: expect.stringContaining('currency') });
  });
});
