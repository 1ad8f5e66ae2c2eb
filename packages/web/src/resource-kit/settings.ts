/**
 * Settings are name/value rows (`GET /api/settings`, `POST /api/settings {name, value}` upserts).
 * `useSettingValue('company_name')` reads one from the startup cache.
 */
import { useList, type Rec } from './hooks.ts';
import { useCurrentUser } from './session-user.ts';

/** Setting names the app knows (domain.md 3: burden_rate; platform.md 2.7: the company name). */
export const SETTING_NAMES = { companyName: 'company_name', burdenRate: 'burden_rate' } as const;

export interface SettingRec extends Rec {
  name: string;
  value: string | null;
}

export function useSettingsList() {
  const user = useCurrentUser();
  return useList<SettingRec>('settings', {}, { enabled: Boolean(user), staleTime: 5 * 60_000 });
}

export function useSettingValue(name: string): string | null {
  const list = useSettingsList();
  return list.data?.find((s) => s.name === name)?.value ?? null;
}
