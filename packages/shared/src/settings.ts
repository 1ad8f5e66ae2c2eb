/**
 * Names of the settings rows the app knows (`settings` is name/value; docs/domain/settings.md, Settings: burden rate;
 * docs/platform.md, Dialogs: the company name, the fallback title of dialogs; the company's
 * details (address, phone, email: several lines) and the terms printed on an estimate).
 */
export const SETTING = {
  companyName: 'company_name',
  companyDetails: 'company_details',
  estimateTerms: 'estimate_terms',
  burdenRate: 'burden_rate',
  lastBackup: 'last_backup',
  /** The label stock the print page lays labels out for: one of LABEL_STOCKS. */
  labelStock: 'label_stock',
  // Billing (docs/domain/billing.md, Settings): the shop's sales tax (a second rate, e.g. state +
  // county), the number the next invoice gets at least, the reminder days after a due date ("7, 21";
  // none: no reminders), and the names the books know items and accounts by (JSON, ExportMapping).
  tax1Name: 'tax1_name',
  tax1Percent: 'tax1_percent',
  tax2Name: 'tax2_name',
  tax2Percent: 'tax2_percent',
  nextInvoiceNumber: 'next_invoice_number',
  reminderDays: 'reminder_days',
  exportMapping: 'export_mapping',
} as const;

/**
 * The label stocks the print page knows (web: features/shop-floor/label-layouts.ts has their
 * sizes): 4" × 6" and 2¼" × 1¼" thermal rolls, a 4" × 2" thermal roll, and Letter sheets of 30.
 */
export const LABEL_STOCKS = ['thermal-4x6', 'thermal-2.25x1.25', 'thermal-4x2', 'letter-30'] as const;
export type LabelStock = (typeof LABEL_STOCKS)[number];
/** The stock while the setting has none. */
export const DEFAULT_LABEL_STOCK: LabelStock = 'thermal-4x2';
export const LABEL_STOCK_NAMES: Record<LabelStock, string> = {
  'thermal-4x6': '4" × 6" thermal, one per page',
  'thermal-2.25x1.25': '2¼" × 1¼" thermal, one per page',
  'thermal-4x2': '4" × 2" thermal, one per page',
  'letter-30': 'Letter sheet, 30 per page (Avery 5160)',
};

/**
 * What `npm run db:backup` records in the `last_backup` setting (JSON): when the backup's snapshot
 * was taken, from which database, and how much it holds. Shown to admins in Settings.
 */
export interface LastBackup {
  at: string;
  database: 'pglite' | 'postgres';
  tables: number;
  rows: number;
  blob_bytes: number;
  /** The file's size, when the command wrote it itself. */
  bytes?: number;
}

/** The recorded last backup, or null when there is none (or it does not read as one). */
export function parseLastBackup(value: string | null | undefined): LastBackup | null {
  if (!value) return null;
  try {
    const v = JSON.parse(value) as Partial<LastBackup>;
    return typeof v.at === 'string' && !Number.isNaN(Date.parse(v.at)) ? (v as LastBackup) : null;
  } catch {
    return null;
  }
}

export type SettingName = (typeof SETTING)[keyof typeof SETTING];
