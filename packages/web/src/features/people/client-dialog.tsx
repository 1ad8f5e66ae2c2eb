/**
 * Client dialog (docs/domain/people.md, Clients): name, email (where invoices and statements go), client type (picker; a new type can be added on
 * the spot), note, one of twelve colours, and the active toggle when editing.
 */
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { Button } from '@mantine/core';
import type { MouseEvent } from 'react';
import { noticeNavigate } from '../../resource-kit/detail/notice-navigation.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { HistoryButton } from '../../resource-kit/detail/history-panel.tsx';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { SwatchField } from '../../ui/swatch-field.tsx';
import { openClientTypeDialog } from './client-type-dialog.tsx';

/** Billing's statement of account for this client (its screen, by address: features do not import each other). */
function StatementButton({ clientId }: { clientId: number }) {
  const modals = useModals();
  const path = `/billing/statement?client=${clientId}`;
  if (!useCan('view', 'invoices')) return null;
  // A real link (a middle click opens a tab); a plain click closes the dialogs and goes through the router.
  const open = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    await modals.closeAll();
    if (!noticeNavigate(path)) window.location.assign(path);
  };
  return (
    <Button variant="default" component="a" href={path} onClick={(e: MouseEvent<HTMLAnchorElement>) => void open(e)} data-testid="client-statement">
      Statement
    </Button>
  );
}

/** Opens Add/Edit Client (Client when read-only); resolves with the saved client, or null. */
export const openClientDialog = plainDialog('clients', {
  testId: 'client-dialog',
  right: 'clients',
  deleteConfirm: 'Delete this client?',
  values: ({ record, initial }) =>
    formValues(record, {
      name: initial?.name ?? '',
      email: '',
      client_type_id: null,
      note: '',
      color: CLIENT_COLORS[0],
      active: true,
      tax_exempt: false,
      tax_exemption_number: '',
      no_reminders: false,
    }),
  useExtra: (_dialog, { record }) =>
    record ? (
      <>
        <StatementButton clientId={record.id} />
        <HistoryButton resource="clients" id={record.id} />
      </>
    ) : null,
  useFields: function useClientFields({ form, field, isNew }, { canEdit }) {
    const modals = useModals();
    return [
      'name',
      'email',
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
