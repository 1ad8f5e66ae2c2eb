import { sql } from 'drizzle-orm';
import { invalid } from '../engine/errors.ts';
import type { Hooks, SaveArgs } from '../engine/server-resource.ts';
import { changed, rowById } from './lookup.ts';

/**
 * Records that live under a job and are listed outside it (pickup items on `/lists/pickup`, schedule
 * events): while their job is in the trash they are hidden with it and come back when it is
 * restored; a new one cannot be put on a deleted job.
 */
export const jobChildHooks: Hooks = {
  scope: (_ctx, t) => sql`EXISTS (SELECT 1 FROM jobs j WHERE j.id = ${t.job_id} AND j.deleted_at IS NULL)`,
  beforeSave: (args) => checkLiveJob(args, { templates: false }),
};

/** A record put on a job (`job_id` set or changed) needs a job that is not in the trash (422). */
export async function checkLiveJob({ ctx, values, existing }: Pick<SaveArgs, 'ctx' | 'values' | 'existing'>, opts: { templates: boolean }): Promise<void> {
  if (!changed(values, existing, 'job_id') || values.job_id == null) return;
  const job = await rowById(ctx, 'jobs', values.job_id);
  if (!job || job.deleted_at != null || (!opts.templates && job.is_template === true)) throw invalid({ job_id: ['The selected job is invalid.'] });
}
