import { relationQuery } from '../embedded-relations.ts';

/** The record that notes, files and images hang from: a job or an estimate. */
export type AttachmentParent = { job_id: number } | { estimate_id: number };

export const isEstimateParent = (parent: AttachmentParent): parent is { estimate_id: number } => 'estimate_id' in parent;

/** Both parent keys, one of them null: what a new record and an upload form carry. */
export function parentFields(parent: AttachmentParent): { job_id: number | null; estimate_id: number | null } {
  return isEstimateParent(parent) ? { job_id: null, estimate_id: parent.estimate_id } : { job_id: parent.job_id, estimate_id: null };
}

/**
 * The list query of the parent's notes, files or images: its relation's (embedded-relations.ts),
 * so the section starts from the rows the parent's GET embeds, and a job's include its estimate's
 * Show on Job ones.
 */
export function parentQuery(parent: AttachmentParent, relation: 'notes' | 'files' | 'images'): Record<string, string | number> {
  const query = isEstimateParent(parent) ? relationQuery('estimates', relation, parent.estimate_id) : relationQuery('jobs', relation, parent.job_id);
  if (!query) throw new Error(`No ${relation} relation on the parent.`);
  return query;
}

/** Whether a note or file listed under `parent` is its estimate's, shown on the job (domain.md 6). */
export const shownFromEstimate = (parent: AttachmentParent, record: { job_id?: number | null; estimate_id?: number | null }) =>
  !isEstimateParent(parent) && record.job_id == null && record.estimate_id != null;
