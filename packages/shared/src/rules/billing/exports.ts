/**
 * Invoices for the books (docs/domain/billing.md, To the books): the rows of QuickBooks Online's
 * invoice import and of Xero's sales invoice import, under the headers each documents, with the date
 * form each reads and the item, account and tax names Settings maps.
 *
 * The books must hold exactly what the client was billed, so the export carries Glazier's own
 * figures: each line's amount as billed; the tax Glazier computed as a line per rate (booked to the
 * sales-tax item/account the mapping names) with every line under the mapping's no-tax code, so the
 * program adds no tax of its own and rounds nothing differently; a final invoice's deposits as a
 * negative line per deposit invoice (booked to the deposits item/account). Each invoice's rows then
 * add up to its amount due. A line whose qty × rate is not exactly its amount (a job product's
 * revenue typed apart from qty × unit) goes as 1 × its amount, qty and rate kept in its description.
 */
import Papa from 'papaparse';
import { formatQty, fromCents, toCents } from '../money.ts';
import { DEFAULT_EXPORT_MAPPING, type ExportMapping, type LineKind } from './export-mapping.ts';

export const QBO_HEADERS = [
  'Invoice no',
  'Customer',
  'Invoice date',
  'Due date',
  'Terms',
  'Item (Product/Service)',
  'Item description',
  'Item quantity',
  'Item rate',
  'Item amount',
  'Item tax code',
  'Memo',
] as const;

export const XERO_HEADERS = [
  'ContactName',
  'EmailAddress',
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'DueDate',
  'Description',
  'Quantity',
  'UnitAmount',
  'AccountCode',
  'TaxType',
  'Currency',
] as const;

/** An invoice as the export reads it: money in cents, dates ISO. */
export interface ExportInvoice {
  number: number | string;
  client_name: string;
  client_email: string | null;
  /** What the client knows the work by (the job's number and name). */
  reference: string | null;
  issue_date: string;
  due_date: string;
  terms: string;
  memo: string | null;
  lines: readonly { description: string; qty: number; rate: number; cents: number; kind: LineKind }[];
  taxByRate: readonly { name: string; cents: number }[];
  /** The deposit invoices a final invoice subtracts, with what was paid on each. */
  deposits: readonly { number: number | string; cents: number }[];
}

/** An ISO date in a program's form. */
export function exportDate(iso: string, format: 'MM/DD/YYYY' | 'DD/MM/YYYY'): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return format === 'MM/DD/YYYY' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

/** Cents as a plain decimal ("1234.50", "-300.00"): no symbol, no thousands separator. */
export const plainMoney = (cents: number): string => fromCents(cents).toFixed(2);

interface FlatLine {
  description: string;
  qty: string;
  rate: string;
  cents: number;
  kind: LineKind | 'tax';
}

/** The invoice's lines as the books get them: its lines, then its tax by rate, then its deposits subtracted. */
export function exportLines(inv: ExportInvoice): FlatLine[] {
  const out: FlatLine[] = inv.lines.map((l) => {
    // exact in integers (BigInt: qty in 100 000ths times cents can pass 2^53)
    const exact = BigInt(Math.round(l.qty * 100_000)) * BigInt(toCents(l.rate)) === BigInt(l.cents) * 100_000n;
    return exact
      ? { description: l.description, qty: formatQty(l.qty).replace(/,/g, ''), rate: plainMoney(toCents(l.rate)), cents: l.cents, kind: l.kind }
      : {
          description: `${l.description} (${formatQty(l.qty)} × ${plainMoney(toCents(l.rate))})`,
          qty: '1',
          rate: plainMoney(l.cents),
          cents: l.cents,
          kind: l.kind,
        };
  });
  for (const t of inv.taxByRate)
    if (t.cents) out.push({ description: `Sales tax: ${t.name}`, qty: '1', rate: plainMoney(t.cents), cents: t.cents, kind: 'tax' });
  for (const d of inv.deposits)
    out.push({ description: `Less deposit paid (invoice ${d.number})`, qty: '1', rate: plainMoney(-d.cents), cents: -d.cents, kind: 'deposit' });
  return out;
}

/** QuickBooks Online's invoice import: a row per line, the invoice's columns on each, dates MM/DD/YYYY. */
export function qboRows(invoices: readonly ExportInvoice[], map: ExportMapping = DEFAULT_EXPORT_MAPPING): string[][] {
  return invoices.flatMap((inv) =>
    exportLines(inv).map((l) => [
      String(inv.number),
      inv.client_name,
      exportDate(inv.issue_date, 'MM/DD/YYYY'),
      exportDate(inv.due_date, 'MM/DD/YYYY'),
      inv.terms,
      map.qboItems[l.kind],
      l.description,
      l.qty,
      l.rate,
      plainMoney(l.cents),
      map.qboNoTaxCode,
      inv.memo ?? '',
    ]),
  );
}

/** Xero's sales invoice import: a row per line, the invoice's columns on each, dates in the mapping's form. */
export function xeroRows(invoices: readonly ExportInvoice[], map: ExportMapping = DEFAULT_EXPORT_MAPPING): string[][] {
  return invoices.flatMap((inv) =>
    exportLines(inv).map((l) => [
      inv.client_name,
      inv.client_email ?? '',
      String(inv.number),
      inv.reference ?? '',
      exportDate(inv.issue_date, map.xeroDateFormat),
      exportDate(inv.due_date, map.xeroDateFormat),
      l.description,
      l.qty,
      l.rate,
      map.xeroAccounts[l.kind],
      map.xeroNoTaxType,
      map.currency,
    ]),
  );
}

/** The file: headers, then the rows; CRLF line ends; no byte-order mark (the importers match the first header by its text). */
export function exportCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return Papa.unparse({ fields: [...headers], data: rows.map((r) => [...r]) }, { newline: '\r\n' });
}

export const qboCsv = (invoices: readonly ExportInvoice[], map?: ExportMapping) => exportCsv(QBO_HEADERS, qboRows(invoices, map));
export const xeroCsv = (invoices: readonly ExportInvoice[], map?: ExportMapping) => exportCsv(XERO_HEADERS, xeroRows(invoices, map));
