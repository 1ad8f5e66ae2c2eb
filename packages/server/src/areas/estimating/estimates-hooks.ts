import { sql } from 'drizzle-orm';
import { OLDER_REVISION_MESSAGE, ONLY_DRAFTS_MESSAGE } from '@glazier/shared/rules/estimating/estimate-status';
import { sweepBlobsAfterDelete } from '../../platform/attachments/files-images.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError } from '../../engine/errors.ts';
import { rowById } from '../../engine/lookup.ts';
import type { Hooks } from '../../engine/server-resource.ts';

/** Only a draft is edited or deleted (domain.md 4); its status moves only through the status action. */
function refuseUnlessDraft(estimate: { status?: unknown; superseded_at?: unknown } | null | undefined): void {
  if (estimate?.superseded_at != null) throw new ApiError(409, OLDER_REVISION_MESSAGE);
  if (estimate && estimate.status !== 'draft') throw new ApiError(409, ONLY_DRAFTS_MESSAGE);
}

export const estimatesHooks: Hooks<'estimates'> = {
  ...sweepBlobsAfterDelete,
  customFilters: {
    // every revision of the series the given estimate belongs to, the first one included
    revisions_of: (value, t) => {
      const id = Number(value);
      if (!Number.isInteger(id) || id < 1) return sql`false`;
      return sql`coalesce(${t.revision_root_id}, ${t.id}) = (SELECT coalesce(e.revision_root_id, e.id) FROM estimates e WHERE e.id = ${id})`;
    },
  },
  beforeSave: ({ existing }) => refuseUnlessDraft(existing),
  beforeDelete: ({ existing }) => refuseUnlessDraft(existing),
};

async function refuseUnlessDraftEstimate(ctx: Ctx, estimateId: unknown): Promise<void> {
  refuseUnlessDraft(await rowById(ctx, 'estimates', estimateId));
}

/** An estimate's items and category notes are the estimate's content: changed only while it is a draft. */
export const estimateContentHooks: Hooks<'estimate_items' | 'estimate_category_notes'> = {
  beforeSave: async ({ ctx, values, existing }) => {
    await refuseUnlessDraftEstimate(ctx, existing?.estimate_id);
    if (values.estimate_id !== undefined && values.estimate_id !== existing?.estimate_id) await refuseUnlessDraftEstimate(ctx, values.estimate_id);
  },
  beforeDelete: ({ ctx, existing }) => refuseUnlessDraftEstimate(ctx, existing.estimate_id),
};

/** An estimate's takeoff is its content too: the takeoff, its units and its cells change only while the estimate is a draft (409). */
export const takeoffHooks: Hooks<'takeoffs'> = {
  beforeSave: async ({ ctx, values, existing }) => {
    await refuseUnlessDraftEstimate(ctx, existing?.estimate_id);
    if (values.estimate_id !== undefined && values.estimate_id !== existing?.estimate_id) await refuseUnlessDraftEstimate(ctx, values.estimate_id);
  },
  beforeDelete: ({ ctx, existing }) => refuseUnlessDraftEstimate(ctx, existing.estimate_id),
};

async function refuseUnlessDraftTakeoff(ctx: Ctx, takeoffId: unknown): Promise<void> {
  const takeoff = await rowById(ctx, 'takeoffs', takeoffId);
  if (takeoff) await refuseUnlessDraftEstimate(ctx, takeoff.estimate_id);
}

export const takeoffContentHooks: Hooks<'takeoff_units' | 'takeoff_items'> = {
  beforeSave: async ({ ctx, values, existing }) => {
    await refuseUnlessDraftTakeoff(ctx, existing?.takeoff_id);
    if (values.takeoff_id !== undefined && values.takeoff_id !== existing?.takeoff_id) await refuseUnlessDraftTakeoff(ctx, values.takeoff_id);
  },
  beforeDelete: ({ ctx, existing }) => refuseUnlessDraftTakeoff(ctx, existing.takeoff_id),
};
