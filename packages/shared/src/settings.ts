import type { FieldDef } from './resources/fields.ts';
/**
 * Names of the settings rows the app knows (`settings` is name/value; domain.md 3: burden rate;
 * platform.md 2.7: the company name, the fallback title of dialogs).
 */
export const SETTING = { companyName: 'company_name', burdenRate: 'burden_rate' } as const;

export type SettingName = (typeof SETTING)[keyof typeof SETTING];

/**
 * What a setting's value must be, as a field (settings store text): the burden rate is money and
 * never negative. The server holds a save to it (422 on `value`); a form can hint the same.
 */
export const SETTING_VALUE_FIELDS: Partial<Record<SettingName, FieldDef>> = {
  burden_rate: { kind: 'money', min: 0 },
};
