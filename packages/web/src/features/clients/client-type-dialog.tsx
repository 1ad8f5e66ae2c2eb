/** Client Type dialog (platform.md 2.6): name and the product categories it uses. */
import { MultiSelect, Stack } from '@mantine/core';
import { useList, type Rec } from '../../resource-kit/hooks.ts';
import { formValues } from '../../resource-kit/pick.ts';
import { useCan } from '../../resource-kit/session-user.ts';
import { useRecordForm } from '../../resource-kit/use-record-form.ts';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useModal, type ModalStackApi, useLayerZIndex } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';

interface Props {
  record?: Rec | null;
  initial?: { name?: string };
}

function ClientTypeForm({ record, initial }: Props) {
  const modal = useModal<Rec>();
  const dialogs = useDialogs();
  const canEdit = useCan('edit', 'clients');
  const layer = useLayerZIndex();
  const categories = useList('product_categories');
  const { form, submit, remove, isNew, busy } = useRecordForm('client_types', {
    initialValues: formValues(record, { name: initial?.name ?? '', product_category_list: [] as number[] }),
  });

  const onDelete = async () => {
    if (!(await dialogs.confirm('Delete this client type?', { danger: true }))) return;
    if (await remove()) modal.close(null);
  };

  const selected = ((form.getValues().product_category_list as number[] | undefined) ?? []).map(String);

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
        <MultiSelect
          label="Product categories"
          placeholder={selected.length ? undefined : 'Choose categories'}
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: String(c.name ?? '') }))}
          value={selected}
          onChange={(v) => form.setFieldValue('product_category_list', v.map(Number))}
          error={form.errors.product_category_list}
          searchable
          clearable
          disabled={!canEdit}
          nothingFoundMessage="No product categories yet"
          comboboxProps={{ zIndex: layer }}
        />
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

/** Opens Add/Edit Client Type on the stack; resolves with the saved record (null otherwise). */
export function openClientTypeDialog(modals: ModalStackApi, props: Props = {}): Promise<Rec | null> {
  return modals.push<Rec>(() => <ClientTypeForm {...props} />, {
    title: props.record ? 'Edit Client Type' : 'Add Client Type',
    testId: 'client-type-dialog',
  });
}
