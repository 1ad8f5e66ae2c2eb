/**
 * Client dialog (docs/domain/people.md, Clients): name, client type (picker; a new type can be added on
 * the spot), note, one of twelve colours, and the active toggle when editing.
 */
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { HistoryButton } from '../../resource-kit/detail/history-panel.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { CheckField } from '../../ui/check-field.tsx';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { SwatchField } from '../../ui/swatch-field.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { openClientTypeDialog } from './client-type-dialog.tsx';

type Props = RecordDialogOptions<'clients'>;

function ClientForm({ record, initial }: Props) {
  const modals = useModals();
  const canEdit = useCan('edit', 'clients');
  const dialog = useRecordDialog('clients', {
    deleteConfirm: 'Delete this client?',
    initialValues: formValues(record, {
      name: initial?.name ?? '',
      client_type_id: null,
      note: '',
      color: CLIENT_COLORS[0],
      active: true,
    }),
  });
  const { form, field, isNew } = dialog;
  const values = form.getValues();

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit} extra={record ? <HistoryButton resource="clients" id={record.id} /> : null}>
      <TextField autoFocusDelayed {...field('name')} />
      <RecordPicker
        resource="client_types"
        {...field('client_type_id')}
        onAddNew={canEdit ? (prefill) => openClientTypeDialog(modals, { initial: { name: prefill.name } }) : undefined}
        data-testid="client-type-picker"
      />
      <TextAreaField {...field('note')} />
      <SwatchField label="Colour" colors={CLIENT_COLORS} value={values.color} onChange={(c) => form.setFieldValue('color', c)} error={form.errors.color} />
      {!isNew && <CheckField kind="switch" {...field('active')} />}
    </RecordDialogForm>
  );
}

export function openClientDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'clients'> | null> {
  // The form sets the title: Add Client, Edit Client, or Client when read-only.
  return modals.push<RecordOf<'clients'>>(() => <ClientForm {...props} />, {
    testId: 'client-dialog',
  });
}
