import { ONLY_DRAFTS_MESSAGE } from '@glazier/shared/rules/estimating/estimate-status';
import { sweepBlobsAfterDelete } from '../../platform/attachments/files-images.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError } from '../../engine/errors.ts';
import { rowById } from '../../engine/lookup.ts';
import type { Hooks } from '../../engine/server-resource.ts';

/** Only a draft is edited or deleted (domain.md 4); its status moves only through the status action. */
function refuseUnlessDraft(estimate: { status?: unknown } | null | undefined): void {
  if (estimate && estimate.status !== 'draft') throw new ApiError(409, ONLY_DRAFTS_MESSAGE);
}

export const estimatesHooks: Hooks<'estimates'> = {
  ...sweepBlobsAfterDelete,
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
