/**
 * The Job Complete checklist (docs/domain/jobs.md, Scopes and completion): the five completion flags, each a toggle; the job's
 * listed scopes come first and are marked as such. `is_complete` is the server's answer (every
 * listed scope complete), shown once saved.
 */
import { SCOPES } from '@glazier/shared/resources/jobs';
import { completionFlag, type Scope } from '@glazier/shared/rules/jobs/job-scope';
import { Text } from '@mantine/core';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { CheckField } from '../../ui/check-field.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';

type Job = RecordOf<'jobs'>;
type Flag = 'hardware_complete' | 'mirrors_complete' | 'shelving_complete' | 'shower_glass_complete' | 'window_coverings_complete';

function JobCompleteForm({ job }: { job: Job }) {
  const canEdit = useCan('edit', 'jobs');
  const dialog = useRecordDialog('jobs', {
    deleteConfirm: 'Delete this job?',
    initialValues: formValues(job, {
      hardware_complete: false,
      mirrors_complete: false,
      shelving_complete: false,
      shower_glass_complete: false,
      window_coverings_complete: false,
    }),
  });
  const listed = new Set<string>(job.scope_array ?? []);
  // The job's own scopes first, in the spec's order, then the others.
  const scopes = [...SCOPES].sort((a, b) => Number(listed.has(b)) - Number(listed.has(a)));
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={false} title="Job Complete">
      {listed.size === 0 && (
        <Text size="sm" c="dimmed">
          This job lists no scope: it is complete once its scopes are listed and checked.
        </Text>
      )}
      {scopes.map((scope: Scope) => (
        <CheckField
          key={scope}
          label={listed.has(scope) ? scope : `${scope} (not in this job's scope)`}
          {...dialog.form.getInputProps(completionFlag(scope) as Flag, { type: 'checkbox' })}
        />
      ))}
    </RecordDialogForm>
  );
}

export function openJobCompleteDialog(modals: ModalStackApi, job: Job): Promise<Job | null> {
  return modals.push<Job>(() => <JobCompleteForm job={job} />, { title: 'Job Complete', testId: 'job-complete-dialog' });
}
