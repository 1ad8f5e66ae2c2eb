/**
 * Client Type dialog (docs/domain/people.md, Client types): name, the product categories it uses, and
 * what a new estimate for its clients starts as (commercial or residential).
 */
import { useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { type ModalStackApi } from '../../ui/modal-stack.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ESTIMATE_TYPE_OPTIONS } from '@glazier/shared/resources/estimating';
import { RefMultiSelect } from '../../resource-kit/pickers/ref-select.tsx';

type Props = RecordDialogOptions<'client_types'>;

function ClientTypeForm({ record, initial }: Props) {
  const canEdit = useCan('edit', 'clients');
  const categories = useList('product_categories');
  const dialog = useRecordDialog('client_types', {
    deleteConfirm: 'Delete this client type?',
    initialValues: formValues(record, { name: initial?.name ?? '', product_category_list: [], estimate_type: null }),
  });
  const { form, field } = dialog;
  const selected = (form.getValues().product_category_list ?? []).map(String);

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField autoFocusDelayed {...field('name')} />
      <RefMultiSelect
        placeholder={selected.length ? undefined : 'Choose categories'}
        records={categories.data}
        {...field('product_category_list')}
        searchable
        clearable
        nothingFoundMessage="No product categories yet"
      />
      <SelectField
        placeholder="Commercial (the default)"
        data={[...ESTIMATE_TYPE_OPTIONS]}
        clearable
        {...field('estimate_type')}
        data-testid="client-type-estimate-type"
      />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Client Type on the stack; resolves with the saved record (null otherwise). */
export function openClientTypeDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'client_types'> | null> {
  // The form sets the title: Add/Edit Client Type, or Client Type when read-only.
  return modals.push<RecordOf<'client_types'>>(() => <ClientTypeForm {...props} />, {
    testId: 'client-type-dialog',
  });
}
