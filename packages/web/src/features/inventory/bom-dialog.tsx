/**
 * Bom dialog (the record-dialog registry's opener, and Add/Edit on the bom screens): a name and
 * the job it is for (a job links to its bom and the bom to its job).
 */
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';

/** Opens Add/Edit Bom; resolves with the saved bom, or null. */
export const openBomDialog = plainDialog('boms', {
  testId: 'bom-dialog',
  right: 'boms',
  // A pulled bom is read-only (Return to stock first).
  useEditable: (_, { record }) => !record?.pulled_at,
  deleteConfirm: 'Delete this bom?',
  values: ({ record, initial }) => formValues(record, { name: initial?.name ?? '', job_id: initial?.job_id ?? null }),
  useFields: ({ field }) => ['name', <RecordPicker key="job" resource="jobs" {...field('job_id')} data-testid="job-picker" />],
});
