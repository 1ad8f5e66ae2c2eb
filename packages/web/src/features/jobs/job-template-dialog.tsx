/**
 * Job Template dialog (docs/domain/jobs.md, Templates): name, client, category template. A template belongs to a
 * client or to a category template, never both; the server refuses both with a field error under
 * each field, shown here as it comes.
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import type { RecordDialogOpener, RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';

type Props = RecordDialogOptions<'job_templates'> & {
  onDeleted?: () => void;
};

function JobTemplateForm({ record, initial, onDeleted }: Props) {
  const canEdit = useCan('edit', 'jobs_admin');
  const dialog = useRecordDialog('job_templates', {
    deleteConfirm: 'Delete this job template?',
    onDeleted,
    initialValues: formValues(record, {
      name: initial?.name ?? '',
      client_id: initial?.client_id ?? null,
      category_template_id: initial?.category_template_id ?? null,
    }),
  });
  const { field } = dialog;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField autoFocusDelayed {...field('name')} />
      <RecordPicker resource="clients" {...field('client_id')} data-testid="job-template-client-picker" />
      <RecordPicker resource="category_templates" {...field('category_template_id')} data-testid="job-template-category-picker" />
    </RecordDialogForm>
  );
}

/** Opens the Job Template dialog; resolves with the saved template, or null. */
export function openJobTemplateDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'job_templates'> | null> {
  return modals.push<RecordOf<'job_templates'>>(() => <JobTemplateForm {...props} />, { testId: 'job-template-dialog' });
}

/** The dialog registry's opener (jobs-feature.ts). */
export const openJobTemplateRecordDialog: RecordDialogOpener<'job_templates'> = (modals, options) => openJobTemplateDialog(modals, options);
