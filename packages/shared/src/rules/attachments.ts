/**
 * Notes, files and images hang from a job or an estimate (docs/domain/jobs.md, Notes, files and images). One of an estimate that
 * was not put on a job is the estimate's: the estimates area reads and writes it (same section),
 * on the estimate or where a job shows it (Show on Job). The server's access rule and the
 * screens' Edit buttons both ask this.
 */
export interface AttachmentKeys {
  job_id?: number | null;
  estimate_id?: number | null;
}

export function isEstimateAttachment(record: AttachmentKeys | null | undefined): boolean {
  return record?.estimate_id != null && record.job_id == null;
}
