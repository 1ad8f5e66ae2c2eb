/**
 * The trash of deleted jobs (issue 9, B1): what deleting says, and restoring one (the
 * `records.restore` action, `edit jobs_admin`), shared by the trash screen and a deleted job's screen.
 */
import { jobs } from '@glazier/shared/resources/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { reportError, reportSuccess } from '../../resource-kit/error-mapper.tsx';
import { resourceKeys, useRestore, type RecordOf } from '../../resource-kit/hooks.ts';
import { useLoader } from '../../ui/loader.tsx';
import { jobHeading } from './job-heading.ts';

export const TRASH_DAYS = jobs.trash!.days;
export const JOB_DELETED_MESSAGE = `Job deleted. It can be restored from the trash for ${TRASH_DAYS} days.`;

/** Restores a job; answers whether it worked (a refusal, e.g. its number taken meanwhile, is reported). */
export function useRestoreJob(): (job: RecordOf<'jobs'>) => Promise<boolean> {
  const restore = useRestore('jobs');
  const loader = useLoader();
  const queryClient = useQueryClient();
  return async (job) => {
    try {
      await loader.run(restore.mutateAsync(job.id));
      // The answer is the bare job: fetch it again with its relations (estimate, bom).
      void queryClient.invalidateQueries({ queryKey: resourceKeys.record('jobs', job.id) });
      reportSuccess(`${jobHeading(job)} restored.`);
      return true;
    } catch (e) {
      reportError(e);
      return false;
    }
  };
}
