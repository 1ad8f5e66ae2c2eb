/**
 * Job Template dialog (domain.md 3, 5): name, client, category template. A template belongs to a
 * client or to a category template, never both; the server refuses both with a field error under
 * each field, shown here as it comes.
 */
import type { RecordOf } from '../../resource-kit/hooks.ts';
import { formValues } from '../../resource-kit/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/record-dialog.tsx';
import type { RecordDialogOpener, RecordDialogOptions } from '../../resource-kit/record-dialogs.ts';
import { RecordPicker } from '../../resource-kit/record-picker.tsx';
import { useCan } from '../../resource-kit/session-user.ts';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';

/**
 * The template's own fields. The shared definition spreads the job's fields from a
 * `Record<string, FieldDef>`, so its typed record names only `name`; these are the ones it has.
 */
export type JobTemplateRecord = RecordOf<'job_templates'> & { client_id: number | null; client_name?: string | null; category_template_id: number | null };
type JobTemplateInput = { name?: string | null; client_id?: number | null; category_template_id?: number | null };

type Props = Omit<RecordDialogOptions<'job_templates'>, 'record' | 'initial'> & {
  record?: JobTemplateRecord | null;
  initial?: JobTemplateInput;
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
  const { form } = dialog;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField label="Name" autoFocusDelayed {...form.getInputProps('name')} />
      <RecordPicker resource="clients" label="Client" {...form.getInputProps('client_id')} data-testid="job-template-client-picker" />
      <RecordPicker resource="category_templates" label="Category template" {...form.getInputProps('category_template_id')} data-testid="job-template-category-picker" />
    </RecordDialogForm>
  );
}

/** Opens the Job Template dialog; resolves with the saved template, or null. */
export function openJobTemplateDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'job_templates'> | null> {
  return modals.push<RecordOf<'job_templates'>>(() => <JobTemplateForm {...props} />, { testId: 'job-template-dialog' });
}

/** The registry's shape (app/record-dialogs.ts): the typed record there names only `name`. */
export const openJobTemplateRecordDialog: RecordDialogOpener<'job_templates'> = (modals, options) =>
  openJobTemplateDialog(modals, { record: options.record as JobTemplateRecord | null | undefined, initial: options.initial as JobTemplateInput | undefined });
