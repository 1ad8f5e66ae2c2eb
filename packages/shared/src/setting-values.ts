/**
 * The rules of the settings' values, apart from their names (settings.ts), which every screen
 * reads: the json values' rules (resources/json-schemas.ts) bring zod and the billing parsers,
 * which the first screen must not carry.
 */
import type { FieldDef } from './resources/fields.ts';
import { LABEL_STOCKS, type SettingName } from './settings.ts';

/**
 * What a setting's value must be, as a field (settings store text): the burden rate is money and
 * never negative. The server holds a save to it (422 on `value`); a form can hint the same.
 */
export const SETTING_VALUE_FIELDS: Partial<Record<SettingName, FieldDef>> = {
  burden_rate: { kind: 'money', min: 0 },
  label_stock: { kind: 'enum', values: LABEL_STOCKS },
  tax1_percent: { kind: 'qty', min: 0, max: 100 },
  tax2_percent: { kind: 'qty', min: 0, max: 100 },
  next_invoice_number: { kind: 'int', positive: true },
  reminder_days: { kind: 'json', schema: 'reminder_days' },
  export_mapping: { kind: 'json', schema: 'export_mapping' },
};
