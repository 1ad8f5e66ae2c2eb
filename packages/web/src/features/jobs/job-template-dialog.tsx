/**
 * Job Template dialog (docs/domain/jobs.md, Templates): name, client, category template. A template belongs to a
 * client or to a category template, never both; the server refuses both with a field error under
 * each field, shown here as it comes.
 */
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';

/** Opens the Job Template dialog (the dialog registry's opener too, jobs-feature.ts); resolves with the saved template, or null. */
export const openJobTemplateDialog = plainDialog('job_templates', {
  testId: 'job-template-dialog',
  right: 'jobs_admin',
  deleteConfirm: 'Delete this job template?',
  values: ({ record, initial }) =>
    formValues(record, { name: initial?.name ?? '', client_id: initial?.client_id ?? null, category_template_id: initial?.category_template_id ?? null }),
  useFields: ({ field }) => [
    'name',
    <RecordPicker key="client" resource="clients" {...field('client_id')} data-testid="job-template-client-picker" />,
    <RecordPicker key="category" resource="category_templates" {...field('category_template_id')} data-testid="job-template-category-picker" />,
  ],
});

export const openJobTemplateRecordDialog = openJobTemplateDialog;
