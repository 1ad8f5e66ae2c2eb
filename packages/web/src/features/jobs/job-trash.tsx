/**
 * The trash of deleted jobs: what deleting says, and restoring one (the
 * `records.restore` action, `edit jobs_admin`), shared by the trash screen and a deleted job's screen.
 */
import { DEFAULT_ROLE_MATRIX, ROLES, ROLE_LABELS } from '@glazier/shared/permissions';
import { jobs } from '@glazier/shared/resources/jobs';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useRestore } from '../../resource-kit/writes/saves.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { NoticeLink } from '../../resource-kit/detail/notice-link.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useLoader } from '../../ui/loader.tsx';
import { jobHeading } from './job-heading.ts';

const TRASH = jobs.trash!;
export const TRASH_DAYS = TRASH.days;

/** "an admin or a manager": the roles that open the trash by default (Settings may give it to others too). */
const TRASH_ROLES = ROLES.filter((r) => DEFAULT_ROLE_MATRIX[r][TRASH.area].edit).map(
  (r) => `${/^[aeiou]/i.test(ROLE_LABELS[r]) ? 'an' : 'a'} ${ROLE_LABELS[r].toLowerCase()}`,
);
const someoneWhoCan = TRASH_ROLES.join(' or ');

/**
 * What deleting a job says (it promises only what the user can do): whoever can open the
 * trash (`edit jobs_admin`) is told it can be restored from there, with the way to it; anyone else
 * who may delete a job (a supervisor) is told who can restore it.
 */
export function jobDeletedMessage(canOpenTrash: boolean): string {
  return canOpenTrash
    ? `Job deleted. It can be restored from the trash for ${TRASH_DAYS} days.`
    : `Job deleted. ${someoneWhoCan[0]!.toUpperCase()}${someoneWhoCan.slice(1)} can restore it from the trash within ${TRASH_DAYS} days.`;
}

/** The notice once a job is deleted, as `jobDeletedMessage` words it for this user (the trash a link for those who can open it). */
export function useJobDeletedNotice(): ReactNode {
  const canOpenTrash = useCan('edit', TRASH.area);
  if (!canOpenTrash) return jobDeletedMessage(false);
  return (
    <>
      Job deleted. It can be restored from the <NoticeLink to="/jobs/trash">trash</NoticeLink> for {TRASH_DAYS} days.
    </>
  );
}

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
