import { sql } from 'drizzle-orm';
import { invalid } from '../../engine/errors.ts';
import type { Ctx } from '../../engine/context.ts';
import type { Hooks, SaveArgs } from '../../engine/server-resource.ts';
import type { Row } from '../../db/client.ts';
import { changed, rowById } from '../../engine/lookup.ts';

export const JOB_IN_TRASH = 'This job is in the trash. Restore it to change its records.';

/**
 * Records that live under a job and are listed outside it (pickup items on `/lists/pickup`, schedule
 * events): while their job is in the trash they are hidden with it (so reading, editing or deleting
 * one by id is a 404) and come back when it is restored; a new one cannot be put on a deleted job.
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

/** A stored record of a job in the trash stays as the job left it until the job is restored (422). */
async function checkJobNotInTrash(ctx: Ctx, existing: Row | null): Promise<void> {
  if (existing?.job_id == null) return;
  const job = await rowById(ctx, 'jobs', existing.job_id);
  if (job?.deleted_at != null) throw invalid({ job_id: [JOB_IN_TRASH] });
}

/**
 * The records shown on the job page only (products, notes, files, images): they stay readable by
 * id, but while their job is in the trash none is added, changed or deleted, so a restore brings
 * the job back exactly as it was. Time entries are not wrapped on purpose: they are pay records
 * of the hours worked, and stay editable whatever became of the job.
 */
export function onLiveJob(hooks: Hooks): Hooks {
  return {
    ...hooks,
    async beforeSave(args) {
      await checkJobNotInTrash(args.ctx, args.existing);
      await checkLiveJob(args, { templates: true });
      await hooks.beforeSave?.(args);
    },
    async beforeDelete(args) {
      await checkJobNotInTrash(args.ctx, args.existing);
      await hooks.beforeDelete?.(args);
    },
  };
}
