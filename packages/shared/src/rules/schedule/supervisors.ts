/**
 * Who may be put on an event as its supervisor (docs/domain/schedule.md, Events): only active users who have the
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

/** Why someone is not offered as a supervisor, or null when they are. */
export function notSchedulableReason(user: SchedulableUser & { name: string }): string | null {
  if (isSchedulable(user)) return null;
  return user.active === false ? `${user.name} is inactive and cannot be scheduled.` : `${user.name} cannot be scheduled.`;
}

/**
 * What the supervisor picker says when a search offers no one: why the people whose names hold
 * the search are not offered (at most three), else null (the picker's plain "No matches"). The
 * name is matched as the picker matches it: the text anywhere in the name, case aside.
 */
export function supervisorSearchMiss(users: readonly (SchedulableUser & { name: string })[], search: string): string | null {
  const text = search.trim().toLowerCase();
  if (!text) return null;
  const reasons = users
    .filter((u) => u.name.toLowerCase().includes(text))
    .map(notSchedulableReason)
    .filter((r): r is string => r != null);
  return reasons.length ? reasons.slice(0, 3).join(' ') : null;
}
