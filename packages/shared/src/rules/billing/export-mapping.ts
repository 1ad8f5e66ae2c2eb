/**
 * The names the books know Glazier's lines by (docs/domain/billing.md, Settings): the
 * `export_mapping` setting read and checked. Apart from the export itself (exports.ts), so that
 * Settings can check the setting without taking the CSV writer along.
 */
import { z } from 'zod';
import { decided, refused, type Outcome } from './refusal.ts';

export type LineKind = 'product' | 'trip_charge' | 'additional' | 'deposit' | 'custom';

/** The names Settings maps (docs/domain/billing.md, Settings). */
export interface ExportMapping {
  /** QuickBooks product/service names by kind of line; the tax and deposit lines by name too. */
  qboItems: Record<LineKind | 'tax', string>;
  /** Xero account codes by kind of line; the tax and deposit lines too. */
  xeroAccounts: Record<LineKind | 'tax', string>;
  /** The no-tax codes every line carries (see above): QuickBooks' "Item tax code", Xero's "TaxType". */
  qboNoTaxCode: string;
  xeroNoTaxType: string;
  currency: string;
  /** Xero reads dates in the organisation's region's form. */
  xeroDateFormat: 'DD/MM/YYYY' | 'MM/DD/YYYY';
}

export const DEFAULT_EXPORT_MAPPING: ExportMapping = {
  qboItems: { product: 'Sales', trip_charge: 'Trip charge', additional: 'Services', deposit: 'Customer deposit', custom: 'Sales', tax: 'Sales tax' },
  xeroAccounts: { product: '200', trip_charge: '200', additional: '200', deposit: '835', custom: '200', tax: '820' },
  qboNoTaxCode: 'NON',
  xeroNoTaxType: 'Tax Exempt',
  currency: 'USD',
  xeroDateFormat: 'DD/MM/YYYY',
};

/**
 * The mapping setting (JSON: any of ExportMapping's keys, the rest from the defaults), or why it
 * does not read as one. Blank: the defaults.
 */
export function parseExportMapping(text: string | null | undefined): Outcome<ExportMapping, 'export_mapping'> {
  if (!(text ?? '').trim()) return decided(DEFAULT_EXPORT_MAPPING);
  let raw: unknown;
  try {
    raw = JSON.parse(text!);
  } catch {
    return refused('export_mapping', 'The export names must be JSON, e.g. {"qboItems": {"product": "Glass"}}.');
  }
  const names = z.string().trim().min(1).max(100);
  const kinds = z.object({ product: names, trip_charge: names, additional: names, deposit: names, custom: names, tax: names }).partial().strict();
  const parsed = z
    .object({
      qboItems: kinds,
      xeroAccounts: kinds,
      qboNoTaxCode: names,
      xeroNoTaxType: names,
      currency: z.string().regex(/^[A-Z]{3}$/),
      xeroDateFormat: z.enum(['DD/MM/YYYY', 'MM/DD/YYYY']),
    })
    .partial()
    .strict()
    .safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refused('export_mapping', `The export names do not read: ${issue.path.join('.') || 'the whole'}: ${issue.message}`);
  }
  const d = DEFAULT_EXPORT_MAPPING;
  const p = parsed.data;
  return decided({
    ...d,
    ...p,
    qboItems: { ...d.qboItems, ...p.qboItems },
    xeroAccounts: { ...d.xeroAccounts, ...p.xeroAccounts },
  } as ExportMapping);
}
