import type { Hooks } from '../engine/server-resource.ts';
import { allowed, canEdit } from '../engine/context.ts';

/** Notes, files and images remember who created them (a user's delete takes them along). */
export const createdByHooks: Hooks = {
  beforeSave({ ctx, values, existing }) {
    if (!existing && ctx.user) values.user_id = ctx.user.id;
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
