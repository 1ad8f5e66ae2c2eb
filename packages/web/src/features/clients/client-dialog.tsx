/**
 * Client dialog (platform.md 2.6, 3.3, 4): name, client type (picker; a new type can be added on
 * the spot), note, one of twelve colours, and the active toggle when editing.
 */
import { CLIENT_COLORS } from '@glazier/shared/resources/clients';
import { CheckIcon, ColorSwatch, Group, Input, Stack, Switch } from '@mantine/core';
import type { Rec } from '../../resource-kit/hooks.ts';
import { formValues } from '../../resource-kit/pick.ts';
import { RecordPicker } from '../../resource-kit/record-picker.tsx';
import { useCan } from '../../resource-kit/session-user.ts';
import { useRecordForm } from '../../resource-kit/use-record-form.ts';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useModal, useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { openClientTypeDialog } from './client-type-dialog.tsx';

interface Props {
  record?: Rec | null;
  initial?: { name?: string };
}

function ClientForm({ record, initial }: Props) {
  const modal = useModal<Rec>();
  const modals = useModals();
  const dialogs = useDialogs();
  const canEdit = useCan('edit', 'clients');
  const { form, submit, remove, isNew, busy } = useRecordForm('clients', {
    initialValues: formValues(record, {
      name: initial?.name ?? '',
      client_type_id: null as number | null,
      note: '',
      color: CLIENT_COLORS[0] as string,
      active: true,
    }),
  });
  const values = form.getValues();

  const onDelete = async () => {
    if (!(await dialogs.confirm('Delete this client?', { danger: true }))) return;
    if (await remove()) modal.close(null);
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async () => {
        const saved = await submit();
        if (saved) modal.close(saved);
      })}
    >
      <Stack gap="sm">
        <TextField label="Name" autoFocusDelayed disabled={!canEdit} {...form.getInputProps('name')} />
        <RecordPicker
          resource="client_types"
          label="Client type"
          value={values.client_type_id as number | null}
          onChange={(id) => form.setFieldValue('client_type_id', id)}
          error={form.errors.client_type_id}
          disabled={!canEdit}
          onAddNew={canEdit ? (prefill) => openClientTypeDialog(modals, { initial: { name: prefill.name } }) : undefined}
          data-testid="client-type-picker"
        />
        <TextAreaField label="Note" disabled={!canEdit} {...form.getInputProps('note')} />
        <Input.Wrapper label="Colour" error={form.errors.color}>
          <Group gap={8} mt={4} role="radiogroup" aria-label="Colour">
            {CLIENT_COLORS.map((c, i) => {
              const checked = values.color === c;
              return (
                <ColorSwatch
                  key={c}
                  component="button"
                  type="button"
                  color={c}
                  size={32}
                  role="radio"
                  aria-checked={checked}
                  aria-label={`Colour ${i + 1}`}
                  disabled={!canEdit}
                  onClick={() => form.setFieldValue('color', c)}
                  style={{ color: '#fff', cursor: canEdit ? 'pointer' : 'default', outline: checked ? '2px solid var(--mantine-color-text)' : undefined, outlineOffset: 2 }}
                >
                  {checked && <CheckIcon size={14} />}
                </ColorSwatch>
              );
            })}
          </Group>
        </Input.Wrapper>
        {!isNew && <Switch label="Active" disabled={!canEdit} {...form.getInputProps('active', { type: 'checkbox' })} />}
        <DialogActions
          onCancel={() => modal.close(null)}
          onDelete={!isNew && canEdit ? () => void onDelete() : null}
          canSave={canEdit}
          saving={busy}
        />
      </Stack>
    </form>
  );
}

export function openClientDialog(modals: ModalStackApi, props: Props = {}): Promise<Rec | null> {
  return modals.push<Rec>(() => <ClientForm {...props} />, {
    title: props.record ? 'Edit Client' : 'Add Client',
    testId: 'client-dialog',
  });
}
