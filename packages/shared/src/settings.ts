import type { FieldDef } from './resources/fields.ts';
/**
 * Names of the settings rows the app knows (`settings` is name/value; domain.md 3: burden rate;
 * platform.md 2.7: the company name, the fallback title of dialogs; issue 23: the company's
 * details (address, phone, email: several lines) and the terms printed on an estimate).
 */
export const SETTING = {
  companyName: 'company_name',
  companyDetails: 'company_details',
  estimateTerms: 'estimate_terms',
  burdenRate: 'burden_rate',
  lastBackup: 'last_backup',
} as const;

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

/**
 * What a setting's value must be, as a field (settings store text): the burden rate is money and
 * never negative. The server holds a save to it (422 on `value`); a form can hint the same.
 */
export const SETTING_VALUE_FIELDS: Partial<Record<SettingName, FieldDef>> = {
  burden_rate: { kind: 'money', min: 0 },
};
