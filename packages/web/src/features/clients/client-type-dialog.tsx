/** Client Type dialog (platform.md 2.6): name and the product categories it uses. */
import { MultiSelect } from '@mantine/core';
import { useList, type Rec } from '../../resource-kit/hooks.ts';
import { formValues } from '../../resource-kit/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/record-dialog.tsx';
import { useCan } from '../../resource-kit/session-user.ts';
import { type ModalStackApi, useLayerZIndex } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';

interface Props {
  record?: Rec | null;
  initial?: { name?: string };
}

function ClientTypeForm({ record, initial }: Props) {
  const canEdit = useCan('edit', 'clients');
  const layer = useLayerZIndex();
  const categories = useList('product_categories');
  const dialog = useRecordDialog('client_types', {
    deleteConfirm: 'Delete this client type?',
    initialValues: formValues(record, { name: initial?.name ?? '', product_category_list: [] as number[] }),
  });
  const { form } = dialog;
  const selected = ((form.getValues().product_category_list as number[] | undefined) ?? []).map(String);

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
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
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Client Type on the stack; resolves with the saved record (null otherwise). */
export function openClientTypeDialog(modals: ModalStackApi, props: Props = {}): Promise<Rec | null> {
  return modals.push<Rec>(() => <ClientTypeForm {...props} />, {
    title: props.record ? 'Edit Client Type' : 'Add Client Type',
    testId: 'client-type-dialog',
  });
}
