/**
 * Who may be put on an event as its supervisor (domain.md 6): only active users who have the
 * supervisor role or can be scheduled. The server refuses anyone else (422 on `user_id`); the Event
 * dialog offers only these.
 */
import { alwaysSchedulable } from '../people/users.ts';

export interface SchedulableUser {
  active?: boolean | null;
  role?: string | null;
  can_be_scheduled?: boolean | null;
}

export function isSchedulable(user: SchedulableUser | null | undefined): boolean {
  if (!user || user.active === false) return false;
  return alwaysSchedulable(user.role) || user.can_be_scheduled === true;
}

export const NOT_SCHEDULABLE = 'Choose an active supervisor, or someone who can be scheduled.';
