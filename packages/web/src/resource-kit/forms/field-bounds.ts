/**
 * The range a number field of a resource accepts, from its shared definition (`min`, `max`,
 * `positive`; lengths more than 0): the same `numberBounds` the server's zod rule reads, so a
 * form shows the server's message before sending.
 *
 *   <QtyField bounds={fieldBounds('product_materials', 'qty')} … />
 *
 * A record form (`useRecordForm`) adds `bounds` to `getInputProps` of every number field by
 * itself; this is for the fields a dialog wires by hand.
 */
import { numberBounds, type FieldDef, type NumberBounds } from '@glazier/shared/resources/fields';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';

/** `field`'s bounds (undefined for a field that is no number); `over` for a rule of one use (a count is not negative). */
export function fieldBounds(resource: ResourceName, field: string, over?: Partial<Pick<FieldDef, 'min' | 'max' | 'positive'>>): NumberBounds | undefined {
  const def = (RESOURCES[resource].fields as Record<string, FieldDef | undefined>)[field];
  return def ? numberBounds({ ...def, ...over }) : undefined;
}
