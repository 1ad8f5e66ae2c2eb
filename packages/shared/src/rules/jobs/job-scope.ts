/** Job scope completion (platform.md 3.5, 4): a scope listed in scope_array is complete when its flag is set. */
import { SCOPES } from '../../resources/jobs.ts';

export type Scope = (typeof SCOPES)[number];

/** 'Shower Glass' → 'shower_glass_complete'. */
export function completionFlag(scope: Scope): string {
  return `${scope.toLowerCase().replace(/ /g, '_')}_complete`;
}

/** A job is complete when it lists at least one scope and every listed scope is complete. */
export function isJobComplete(job: Record<string, unknown>): boolean {
  const scopes = (Array.isArray(job.scope_array) ? job.scope_array : []) as string[];
  return scopes.length > 0 && scopes.every((s) => (SCOPES as readonly string[]).includes(s) && job[completionFlag(s as Scope)] === true);
}
