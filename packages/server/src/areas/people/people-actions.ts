/** People's named actions (shared/actions/people.ts). */
import type { PEOPLE_ACTIONS } from '@glazier/shared/actions/people';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { issuePasswordResetLink } from '../../platform/auth.ts';

export const peopleHandlers: ActionHandlers<typeof PEOPLE_ACTIONS> = {
  'users.reset_link': ({ ctx, params }) => issuePasswordResetLink(ctx, params.id),
};
