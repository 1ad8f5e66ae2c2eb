/**
 * Client dialog (docs/domain/people.md, Clients): name, client type (picker; a new type can be added on
 * the spot), note, one of twelve colours, and the active toggle when editing.
 */
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { HistoryButton } from '../../resource-kit/detail/history-panel.tsx';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { SwatchField } from '../../ui/swatch-field.tsx';
import { openClientTypeDialog } from './client-type-dialog.tsx';

/** Opens Add/Edit Client (Client when read-only); resolves with the saved client, or null. */
export const openClientDialog = plainDialog('clients', {
  testId: 'client-dialog',
  right: 'clients',
  deleteConfirm: 'Delete this client?',
  values: ({ record, initial }) =>
    formValues(record, {
      name: initial?.name ?? '',
      client_type_id: null,
      note: '',
      color: CLIENT_COLORS[0],
      active: true,
      tax_exempt: false,
      tax_exemption_number: '',
      no_reminders: false,
    }),
  useExtra: (_dialog, { record }) => (record ? <HistoryButton resource="clients" id={record.id} /> : null),
  useFields: function useClientFields({ form, field, isNew }, { canEdit }) {
    const modals = useModals();
    return [
      'name',
      <RecordPicker
        key="type"
        resource="client_types"
        {...field('client_type_id')}
        onAddNew={canEdit ? (prefill) => openClientTypeDialog(modals, { initial: { name: prefill.name } }) : undefined}
        data-testid="client-type-picker"
      />,
      ['note', { autosize: false, minRows: undefined }],
      <SwatchField key="color" colors={CLIENT_COLORS} {...field('color')} value={form.getValues().color} />,
      // billing's (docs/domain/billing.md, Tax and Reminders): the number only says something of an exempt client
      { cols: 2, fields: ['tax_exempt', 'no_reminders'] },
      form.getValues().tax_exempt && 'tax_exemption_number',
      !isNew && 'active',
    ];
  },
});
