/**
 * A reference select (docs/platform.md, Pickers and lookups): the small closed list of another
 * resource's records, each shown by its name, the value its id. For a list too long to load whole,
 * use the RecordPicker instead.
 *
 *   const categories = useList('product_categories');
 *   <RefSelect label="Category" records={categories.data} {...form.getInputProps('category_id')} />
 *   <RefSelect aria-label="Client" records={clients.data} value={filters.client_id}
 *     onChange={(_, text) => setFilter('client_id', text)} />      // an address filter keeps the text
 *
 * Several at once: RefMultiSelect (ref-multi-select.tsx, apart so a single select does not load
 * the multi-select's code). The option ids are numbers to the form and text to the select (Mantine's options are text).
 */
import type { ReactNode } from 'react';
import { SelectField } from '../../ui/select-field.tsx';

export interface Named {
  id: number;
  name?: string | null;
}

type SelectFieldProps = Parameters<typeof SelectField>[0];

export interface RefChoices<R extends Named> {
  /** The records offered (undefined while they load). */
  records: readonly R[] | undefined;
  /** An option's text (default: the record's name). */
  optionLabel?: (record: R) => string;
}

export const optionsOf = <R extends Named>(records: readonly R[] | undefined, optionLabel?: (r: R) => string) =>
  (records ?? []).map((r) => ({ value: String(r.id), label: optionLabel ? optionLabel(r) : (r.name ?? '') }));

const idOf = (text: string | null): number | null => (text ? Number(text) : null);

export type RefSelectProps<R extends Named> = RefChoices<R> &
  Omit<SelectFieldProps, 'data' | 'value' | 'onChange'> & {
    /** The chosen id: a number from a form, or the text an address filter keeps. */
    value?: number | string | null;
    /** The id chosen (null when cleared), and the same as text. */
    onChange: (id: number | null, text: string | null) => void;
    helper?: ReactNode;
  };

export function RefSelect<R extends Named>({ records, optionLabel, value, onChange, ...rest }: RefSelectProps<R>) {
  return (
    <SelectField
      {...rest}
      data={optionsOf(records, optionLabel)}
      value={value == null || value === '' ? null : String(value)}
      onChange={(text) => onChange(idOf(text), text)}
    />
  );
}
