/** People's named actions: an administrator's password reset link for a user. */
import { z } from 'zod';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

export const userResetLink = defineAction({
  name: 'users.reset_link',
  summary: 'A one-time link (valid for a while) with which the user sets a new password.',
  method: 'POST',
  path: '/api/users/:id/reset_link',
  params: z.object({ id: ID_PARAM }),
  answer: z.object({ url: z.string(), expires_at: z.string() }),
  permission: { action: 'edit', area: 'users' },
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const PEOPLE_ACTIONS = actionMap({
  'users.reset_link': userResetLink,
});
