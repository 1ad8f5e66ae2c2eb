import { SCOPES } from '@glazier/shared/resources/jobs';
import type { Hooks } from '../engine/server-resource.ts';
import { changed, rowById } from './lookup.ts';
import { settingValue } from './settings.ts';

const completionFlag = (scope: string) => `${scope.toLowerCase().replace(/ /g, '_')}_complete`;

/** A job is complete when every scope it lists has its completion flag set. */
export function isJobComplete(job: Record<string, unknown>): boolean {
  const scopes = (Array.isArray(job.scope_array) ? job.scope_array : []) as string[];
  return scopes.length > 0 && scopes.every((s) => (SCOPES as readonly string[]).includes(s) && job[completionFlag(s)] === true);
}

export const jobsHooks: Hooks = {
  async beforeSave({ ctx, values, existing }) {
    if (changed(values, existing, 'client_id')) {
      values.client_name = values.client_id == null ? null : ((await rowById(ctx, 'clients', values.client_id))?.name ?? null);
    }
    if (!existing && values.burden_rate == null) {
      const rate = Number(await settingValue(ctx, 'burden_rate'));
      if (Number.isFinite(rate) && rate !== 0) values.burden_rate = rate;
    }
    values.is_complete = isJobComplete({ ...existing, ...values });
  },
};
