import type { RecordOf } from '@glazier/shared/resources/records';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { Hooks } from '../../engine/server-resource.ts';
import { invalid } from '../../engine/errors.ts';
import { changed, rowById } from '../../engine/lookup.ts';

/** The resource each takeoffable_type names (docs/domain/estimating.md, Takeoffs: a product category, a series or a product). */
const TAKEOFFABLE_RESOURCES: Record<NonNullable<RecordOf<'takeoff_options'>['takeoffable_type']>, ResourceName> = {
  product_category: 'product_categories',
  series: 'series',
  product: 'products',
};

/** takeoffable_id is polymorphic, so no foreign key guards it: the record must exist (422). */
export const takeoffOptionsHooks: Hooks<'takeoff_options'> = {
  async beforeSave({ ctx, values, existing }) {
    if (!changed(values, existing, 'takeoffable_type') && !changed(values, existing, 'takeoffable_id')) return;
    const type = values.takeoffable_type ?? existing?.takeoffable_type;
    if (type == null) return;
    const id = values.takeoffable_id ?? existing?.takeoffable_id;
    if (!(await rowById(ctx, TAKEOFFABLE_RESOURCES[type], id))) throw invalid({ takeoffable_id: [`The selected ${type.replace(/_/g, ' ')} does not exist.`] });
  },
};
