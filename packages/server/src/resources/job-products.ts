import { roundMoney } from '@glazier/shared/rules/money';
import type { Hooks } from '../engine/server-resource.ts';
import { canEdit } from '../engine/context.ts';
import { changed, rowById } from './lookup.ts';

/**
 * Cost and revenue default to the unit cost/revenue times qty (domain.md 9). Without
 * `edit jobs_admin` the client cannot set them, so the server derives them.
 */
export const jobProductsHooks: Hooks = {
  async beforeSave({ ctx, values, existing }) {
    if (changed(values, existing, 'product_id') && values.product_id != null) {
      const product = await rowById(ctx, 'products', values.product_id);
      if (product) {
        values.default_cost_per_unit ??= product.cost_per_unit;
        values.default_revenue_per_unit ??= product.revenue_per_unit;
        if (!values.name && !existing?.name) values.name = product.name;
        if (values.series_id == null && product.series_id != null) values.series_id = product.series_id;
      }
    }
    const admin = canEdit(ctx, 'jobs_admin');
    const merged = { ...existing, ...values };
    const qty = Number(merged.qty ?? 1);
    for (const [total, perUnit] of [['cost', 'default_cost_per_unit'], ['revenue', 'default_revenue_per_unit']] as const) {
      const unit = merged[perUnit];
      if ((!admin || merged[total] == null) && typeof unit === 'number') values[total] = roundMoney(unit * qty);
    }
  },
};
