/**
 * Settings are name/value rows (`GET /api/settings`, `POST /api/settings {name, value}` upserts).
 * `useSettingValue(SETTING.companyName)` reads one from the startup cache (names in shared/settings).
 */
import type { SettingName } from '@glazier/shared/settings';
import { useList } from './queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useCurrentUser } from '../http/session-user.ts';

export type SettingRec = RecordOf<'settings'>;

export function useSettingsList() {
  const user = useCurrentUser();
  return useList('settings', {}, { enabled: Boolean(user), staleTime: 5 * 60_000 });
}

export function useSettingValue(name: SettingName): string | null {
  const list = useSettingsList();
  return list.data?.find((s) => s.name === name)?.value ?? null;
}
