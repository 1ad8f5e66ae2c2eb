import { jobs as jobsDef } from '@glazier/shared/resources/jobs';
import { isJobComplete } from '@glazier/shared/rules/jobs/job-scope';
import { SETTING } from '@glazier/shared/settings';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Row } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';
import type { Hooks } from '../../engine/server-resource.ts';
import { invalid } from '../../engine/errors.ts';
import { copyJobProducts } from './copy-job-products.ts';
import { recordedWrites } from '../../engine/named-write.ts';
import { sweepBlobs } from '../../platform/attachments/stored-files.ts';
import { changed, rowById } from '../../engine/lookup.ts';
import { readSetting } from '../../platform/settings.ts';
import { sqlSelect } from '../../db/typed-sql.ts';

/**
 * The job template a job names must be a job template (not a job) of the job's client, or of no
 * client (docs/domain/jobs.md, Templates).
 */
async function checkJobTemplate(ctx: Ctx, merged: Row): Promise<void> {
  const template = await rowById(ctx, 'jobs', merged.job_template_id);
  if (!template || template.is_template !== true || template.deleted_at != null) throw invalid({ job_template_id: ['Choose a job template.'] });
  if (template.id === merged.id) throw invalid({ job_template_id: ['A template cannot be its own template.'] });
  let owner: number | null = template.client_id;
  if (owner == null && template.category_template_id != null)
    owner = (await rowById(ctx, 'category_templates', template.category_template_id))?.client_id ?? null;
  if (owner != null && owner !== merged.client_id) throw invalid({ job_template_id: ['This job template belongs to another client.'] });
}

const TRASH_DAYS = jobsDef.trash!.days;

/** A deleted job cannot come back while another live job carries its number (422 on `number`). */
async function checkNumberFree(ctx: Ctx, job: Row): Promise<void> {
  const number = typeof job.number === 'string' ? job.number.trim() : '';
  if (!number) return;
  const [clash] = await sqlSelect(
    ctx.db,
    { id: 'num' },
    sql`SELECT id FROM jobs WHERE lower(trim(number)) = lower(${number}) AND id <> ${job.id} AND NOT is_template AND deleted_at IS NULL LIMIT 1`,
  );
  if (clash) throw invalid({ number: [`Another job now has the number ${number}. Change that job's number, then restore this one.`] });
}

// Shared by jobs and job templates (one table): typed by both.
export const jobsHooks: Hooks<'jobs' | 'job_templates'> = {
  customFilters: {
    // The trash: jobs deleted within the last 30 days (older ones are about to be purged).
    deleted: (value, t) =>
      value === 'true' || value === '1'
        ? and(isNotNull(t.deleted_at), sql`${t.deleted_at} > now() - make_interval(days => ${TRASH_DAYS})`)
        : value === 'all'
          ? undefined
          : isNull(t.deleted_at),
  },
  beforeRestore: ({ ctx, existing }) => checkNumberFree(ctx, existing),
  async beforeSave({ ctx, values, existing }) {
    if (changed(values, existing, 'client_id')) {
      values.client_name = values.client_id == null ? null : ((await rowById(ctx, 'clients', values.client_id))?.name ?? null);
    }
    if (!existing && values.burden_rate == null) {
      const rate = Number(await readSetting(ctx.db, SETTING.burdenRate));
      if (Number.isFinite(rate) && rate !== 0) values.burden_rate = rate;
    }
    const merged = { ...existing, ...values };
    if ((changed(values, existing, 'job_template_id') || changed(values, existing, 'client_id')) && merged.job_template_id != null)
      await checkJobTemplate(ctx, merged);
    values.is_complete = isJobComplete(merged);
  },
  // A new job made from a template starts with the template's products (docs/domain/jobs.md, Templates), in the
  // create's transaction, next to any products the body itself lists.
  async afterSave({ ctx, record, existing }) {
    if (!existing && typeof record.job_template_id === 'number') await copyJobProducts(recordedWrites(ctx), record.job_template_id, record.id);
  },
  // The job's files and images went with it (database cascades): so do their contents.
  afterDelete: ({ ctx }) => sweepBlobs(ctx),
};
