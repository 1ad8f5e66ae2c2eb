/**
 * A record picker with its lookup button beside it (docs/platform.md, Pickers and lookups): typing
 * searches, the button browses the lookup dialog (with `lookupFilters`, e.g. the chosen series'
 * products); either way `onChange` is told the record chosen.
 *
 *   <PickerWithLookup resource="series" label="Series" value={values.series_id} onChange={pickSeries} />   // its button: "Series lookup"
 *   <ProductPicker {...field('product_id')} onChange={pickProduct} />
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import { productLabel } from '@glazier/shared/rules/catalogue/product-label';
import { useModals } from '../../ui/modal-stack.tsx';
import type { Query } from '../http/http.ts';
import { WithLookup, openLookup, type LookupKind } from './lookup-dialog.tsx';
import type { RecordPickerProps } from './picker-types.ts';
import { RecordPicker } from './record-picker.tsx';

type PickerWithLookupProps<K extends LookupKind> = RecordPickerProps<K> & {
  /** The button's name (default: the label's, "Series lookup"). */
  lookupLabel?: string;
  /** What the lookup lists (default: the picker's own filters). */
  lookupFilters?: Query;
};

export function PickerWithLookup<K extends LookupKind>({ lookupLabel, lookupFilters, ...picker }: PickerWithLookupProps<K>) {
  const modals = useModals();
  const browse = async () => {
    const picked: RecordOf<K> | null = await openLookup(modals, picker.resource, { filters: lookupFilters ?? picker.filters });
    if (picked) picker.onChange(picked.id, picked);
  };
  return (
    <WithLookup label={lookupLabel ?? `${typeof picker.label === 'string' ? picker.label : ''} lookup`.trim()} onLookup={() => void browse()}>
      <RecordPicker {...picker} />
    </WithLookup>
  );
}

/** A product, typed or looked up, shown by its number and name: the number alone ("MR-35369") says little. */
export function ProductPicker(props: Omit<PickerWithLookupProps<'products'>, 'resource' | 'display'>) {
  return <PickerWithLookup resource="products" display={productLabel} {...props} />;
}
