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
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';

type Job = RecordOf<'jobs'>;
type Flag = 'hardware_complete' | 'mirrors_complete' | 'shelving_complete' | 'shower_glass_complete' | 'window_coverings_complete';

const openJobComplete = plainDialog('jobs', {
  testId: 'job-complete-dialog',
  title: 'Job Complete',
  right: 'jobs',
  useAccess: (_dialog, { hasRight }) => ({ canSave: hasRight, canDelete: false }),
  deleteConfirm: 'Delete this job?',
  values: ({ record }) =>
    formValues(record, {
      hardware_complete: false,
      mirrors_complete: false,
      shelving_complete: false,
      shower_glass_complete: false,
      window_coverings_complete: false,
    }),
  useFields: (_dialog, { record }) => {
    const listed = new Set<string>(record?.scope_array ?? []);
    // The job's own scopes first, in the spec's order, then the others.
    const scopes = [...SCOPES].sort((a, b) => Number(listed.has(b)) - Number(listed.has(a)));
    return [
      listed.size === 0 && (
        <Text key="none" size="sm" c="dimmed">
          This job lists no scope: it is complete once its scopes are listed and checked.
        </Text>
      ),
      ...scopes.map((scope: Scope) => [completionFlag(scope) as Flag, { label: listed.has(scope) ? scope : `${scope} (not in this job's scope)` }] as const),
    ];
  },
});

export const openJobCompleteDialog = (modals: ModalStackApi, job: Job) => openJobComplete(modals, { record: job });
