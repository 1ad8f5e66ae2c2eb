/**
 * Names of the settings rows the app knows (`settings` is name/value; domain.md 3: burden rate;
 * platform.md 2.7: the company name, the fallback title of dialogs).
 */
export const SETTING = { companyName: 'company_name', burdenRate: 'burden_rate' } as const;

export type SettingName = (typeof SETTING)[keyof typeof SETTING];
