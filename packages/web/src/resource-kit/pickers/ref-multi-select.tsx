/**
 * Several records of another resource chosen from a small closed list (ref-select.tsx, the one
 * kind; apart from it so a single select does not load the multi-select's code):
 *
 *   <RefMultiSelect label="Scopes" records={categories.data} {...form.getInputProps('product_category_list')} />
 */
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { optionsOf, type Named, type RefChoices } from './ref-select.tsx';

type MultiSelectFieldProps = Parameters<typeof MultiSelectField>[0];

export type RefMultiSelectProps<R extends Named> = RefChoices<R> &
  Omit<MultiSelectFieldProps, 'data' | 'value' | 'onChange'> & {
    value?: readonly number[] | null;
    onChange: (ids: number[]) => void;
  };

export function RefMultiSelect<R extends Named>({ records, optionLabel, value, onChange, ...rest }: RefMultiSelectProps<R>) {
  return (
    <MultiSelectField {...rest} data={optionsOf(records, optionLabel)} value={(value ?? []).map(String)} onChange={(texts) => onChange(texts.map(Number))} />
  );
}
