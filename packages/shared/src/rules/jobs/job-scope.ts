/** Job scope completion (docs/domain/jobs.md, Scopes and completion): a scope listed in scope_array is complete when its flag is set. */
import { SCOPES } from '../value-lists.ts';

export { SCOPES };

export type Scope = (typeof SCOPES)[number];

type Snake<S extends string> = S extends `${infer A} ${infer B}` ? `${A}_${Snake<B>}` : S;
/** A scope's flag on a job, as a field name: the job's record types it. */
export type CompletionFlag = `${Snake<Lowercase<Scope>>}_complete`;

/** 'Shower Glass' → 'shower_glass_complete'. */
export function completionFlag(scope: Scope): CompletionFlag {
  return `${scope.toLowerCase().replace(/ /g, '_')}_complete` as CompletionFlag;
}

/** A job is complete when it lists at least one scope and every listed scope is complete. */
export function isJobComplete(job: Record<string, unknown>): boolean {
  const scopes = (Array.isArray(job.scope_array) ? job.scope_array : []) as string[];
  return scopes.length > 0 && scopes.every((s) => (SCOPES as readonly string[]).includes(s) && job[completionFlag(s as Scope)] === true);
}
