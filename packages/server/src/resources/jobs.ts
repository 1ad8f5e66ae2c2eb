import { isJobComplete } from '@glazier/shared/rules/job-scope';
import type { Hooks } from '../engine/server-resource.ts';
import { changed, rowById } from './lookup.ts';
import { settingValue } from './settings.ts';

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
