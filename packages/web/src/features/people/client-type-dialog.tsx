/**
 * Client Type dialog (docs/domain/people.md, Client types): name, the product categories it uses, and
 * what a new estimate for its clients starts as (commercial or residential).
 */
import { useList } from '../../resource-kit/records/queries.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { ESTIMATE_TYPE_OPTIONS } from '@glazier/shared/resources/estimating';
import { RefMultiSelect } from '../../resource-kit/pickers/ref-multi-select.tsx';

/** Opens Add/Edit Client Type on the stack (Client Type when read-only); resolves with the saved record (null otherwise). */
export const openClientTypeDialog = plainDialog('client_types', {
  testId: 'client-type-dialog',
  right: 'clients',
  deleteConfirm: 'Delete this client type?',
  values: ({ record, initial }) => formValues(record, { name: initial?.name ?? '', product_category_list: [], estimate_type: null }),
  useFields: function useClientTypeFields({ form, field }) {
    const categories = useList('product_categories');
    const chosen = (form.getValues().product_category_list ?? []).length > 0;
    return [
      'name',
      <RefMultiSelect
        key="categories"
        placeholder={chosen ? undefined : 'Choose categories'}
        records={categories.data}
        {...field('product_category_list')}
        searchable
        clearable
        nothingFoundMessage="No product categories yet"
      />,
      [
        'estimate_type',
        { placeholder: 'Commercial (the default)', data: [...ESTIMATE_TYPE_OPTIONS], clearable: true, 'data-testid': 'client-type-estimate-type' },
      ],
    ];
  },
});
