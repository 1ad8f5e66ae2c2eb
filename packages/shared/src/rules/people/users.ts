/** User record rules shared by the server (enforces) and the User dialog (mirrors). docs/domain/people.md, Users. */
import type { Role } from '../../permissions.ts';

/** Selecting the supervisor role forces can_be_scheduled and locks it. */
export function alwaysSchedulable(role: Role | string | null | undefined): boolean {
  return role === 'supervisor';
}

/** What a user may send about themself without `edit users` (the Profile dialog). */
export const SELF_EDITABLE_USER_FIELDS: readonly string[] = ['id', 'updated_at', 'name', 'email', 'number', 'password', 'password_confirmation'];
