import { isEstimateAttachment, type AttachmentKeys } from '@glazier/shared/rules/attachments';
import { relationQuery } from '../records/embedded-relations.ts';
import { useCan, useCurrentUser } from '../http/session-user.ts';

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

/** Whether a note or file listed under `parent` is its estimate's, shown on the job (docs/domain/jobs.md, Notes, files and images). */
export const shownFromEstimate = (parent: AttachmentParent, record: AttachmentKeys) => !isEstimateParent(parent) && isEstimateAttachment(record);

/**
 * Whether the user may change a note, file or image (docs/domain/jobs.md, Notes, files and images, as the server's rule in
 * platform/attachments/ownership.ts): a job's note or file with `edit jobs`; an image with `edit images` or as
 * its uploader; an estimate's (on the estimate, or shown on its job) with `edit estimates` too.
 */
export function useCanEditAttachment(resource: 'notes' | 'files' | 'images'): (record: AttachmentKeys & { user_id?: number | null }) => boolean {
  const me = useCurrentUser();
  const canEditJobs = useCan('edit', 'jobs');
  const canEditImages = useCan('edit', 'images');
  const canEditEstimates = useCan('edit', 'estimates');
  return (record) => {
    if (resource !== 'images') return isEstimateAttachment(record) ? canEditEstimates : canEditJobs;
    const own = canEditImages || (me != null && record.user_id === me.id);
    return own && (!isEstimateAttachment(record) || canEditEstimates);
  };
}
