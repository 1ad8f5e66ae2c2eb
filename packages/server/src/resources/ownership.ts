import type { Hooks } from '../engine/server-resource.ts';
import { allowed, canEdit } from '../engine/context.ts';

/**
 * Notes, files and images remember who created them (a user's delete takes them along). Show on
 * Job (an estimate's note or file) is `edit estimates`' to change (domain.md 6); from anyone else
 * it keeps its value, as job products keep their costs.
 */
export const createdByHooks: Hooks = {
  beforeSave({ ctx, values, existing }) {
    if (!existing && ctx.user) values.user_id = ctx.user.id;
    if ('show_on_job' in values && !canEdit(ctx, 'estimates')) values.show_on_job = existing?.show_on_job ?? false;
  },
};

/** Images: `edit images`, or the uploader editing their own (domain.md 6). */
export const imagesHooks: Hooks = {
  ...createdByHooks,
  // The uploader may change their own images: viewing images is the right to try.
  mayWrite: (ctx, op) => canEdit(ctx, 'images') || (op !== 'create' && allowed(ctx, 'view', 'images')),
  canWrite(ctx, { existing, op }) {
    if (canEdit(ctx, 'images')) return true;
    return op !== 'create' && existing?.user_id === ctx.user?.id;
  },
};
