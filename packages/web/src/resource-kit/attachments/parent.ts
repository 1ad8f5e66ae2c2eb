/** The record that notes, files and images hang from: a job or an estimate. */
export type AttachmentParent = { job_id: number } | { estimate_id: number };

export const isEstimateParent = (parent: AttachmentParent): parent is { estimate_id: number } => 'estimate_id' in parent;

/** Both parent keys, one of them null: what a new record and an upload form carry. */
export function parentFields(parent: AttachmentParent): { job_id: number | null; estimate_id: number | null } {
  return isEstimateParent(parent) ? { job_id: null, estimate_id: parent.estimate_id } : { job_id: parent.job_id, estimate_id: null };
}

/** The list filter of the parent's records. */
export const parentFilter = (parent: AttachmentParent) => (isEstimateParent(parent) ? { estimate_id: parent.estimate_id } : { job_id: parent.job_id });
