import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Area } from '@glazier/shared/permissions';
import { isEstimateAttachment } from '@glazier/shared/rules/attachments';
import type { Row } from '../../db/client.ts';
import type { AnyTable } from '../../db/schema.ts';
import type { Hooks } from '../../engine/server-resource.ts';
import { allowed, canEdit, type Ctx } from '../../engine/context.ts';

/**
 * Notes, files and images remember who created them (a user's delete takes them along). Show on
 * Job (an estimate's note or file) is `edit estimates`' to change (docs/domain/jobs.md, Notes, files and images); from anyone else
 * it keeps its value, as job products keep their costs.
 */
export const createdByHooks: Hooks = {
  beforeSave({ ctx, values, existing }) {
    if (!existing && ctx.user) values.user_id = ctx.user.id;
    if ('show_on_job' in values && !canEdit(ctx, 'estimates')) values.show_on_job = existing?.show_on_job ?? false;
  },
};

/** Images: `edit images`, or the uploader editing their own (docs/platform.md, Record rules). */
export const imagesHooks: Hooks = {
  ...createdByHooks,
  // The uploader may change their own images: viewing images is the right to try.
  mayWrite: (ctx, op) => canEdit(ctx, 'images') || (op !== 'create' && allowed(ctx, 'view', 'images')),
  canWrite(ctx, { existing, op }) {
    if (canEdit(ctx, 'images')) return true;
    return op !== 'create' && existing?.user_id === ctx.user?.id;
  },
};

/**
 * What a reader without `view estimates` may see of notes, files or images: a job's, and (with
 * Show on Job) those of an estimate that became a job, which the job shows (docs/domain/jobs.md, Notes, files and images).
 */
function estimateRecordsScope(ctx: Ctx, t: AnyTable, showOnJob: boolean): SQL | undefined {
  if (allowed(ctx, 'view', 'estimates')) return undefined;
  const shown = showOnJob
    ? sql` OR (${t.show_on_job} AND EXISTS (SELECT 1 FROM estimates e WHERE e.id = ${t.estimate_id} AND e.job_id IS NOT NULL AND e.deleted_at IS NULL))`
    : sql``;
  return sql`(${t.estimate_id} IS NULL OR ${t.job_id} IS NOT NULL${shown})`;
}

/**
 * `on_job`: the records a job shows (its relation's `via`, shared/resources/jobs.ts): its own, and
 * the Show on Job ones of the estimate it was made from.
 */
export function onJobFilter(job: number | SQLWrapper, t: AnyTable): SQL {
  return sql`(${t.job_id} = ${job} OR (${t.job_id} IS NULL AND ${t.show_on_job}
    AND ${t.estimate_id} IN (SELECT e.id FROM estimates e WHERE e.job_id = ${job} AND e.deleted_at IS NULL)))`;
}

/**
 * Notes, files and images of an estimate belong to the estimates area: reading one needs `view
 * estimates` (scope: otherwise it is a 404, in lists, downloads and history alike) and adding,
 * changing or deleting one `edit estimates`, on top of the rule `hooks` has for a job's (`area`,
 * or its own `mayWrite`/`canWrite`). A job's records keep their rule.
 */
export function withEstimateRecords(hooks: Hooks, area: Area, opts: { showOnJob: boolean }): Hooks {
  return {
    ...hooks,
    ...(opts.showOnJob && {
      customFilters: { ...hooks.customFilters, on_job: (job, t) => (/^\d{1,9}$/.test(job) ? onJobFilter(Number(job), t) : sql`false`) },
      viaFilters: { ...hooks.viaFilters, on_job: onJobFilter },
    }),
    scope: (ctx, t) => and(hooks.scope?.(ctx, t), estimateRecordsScope(ctx, t, opts.showOnJob)),
    // an estimate's is news only to who reads estimates
    hears: {
      columns: ['estimate_id', ...(hooks.hears?.columns ?? [])],
      may: (ctx, rows) => (rows.every((r) => r.estimate_id == null) || allowed(ctx, 'view', 'estimates')) && (hooks.hears?.may(ctx, rows) ?? true),
    },
    mayWrite: (ctx, op) => (hooks.mayWrite ? hooks.mayWrite(ctx, op) : canEdit(ctx, area)) || canEdit(ctx, 'estimates'),
    canWrite(ctx, args) {
      const ownRule = hooks.canWrite ? hooks.canWrite(ctx, args) : canEdit(ctx, area);
      // an estimate's as it is or as it would be: none is taken off the estimate's rule by a write
      const stored: Row | null = args.existing;
      if (!isEstimateAttachment(stored) && !isEstimateAttachment({ ...stored, ...args.values })) return ownRule;
      return canEdit(ctx, 'estimates') && (hooks.canWrite ? ownRule : true);
    },
  };
}
