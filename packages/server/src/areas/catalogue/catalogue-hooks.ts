import { isNotNull, isNull, eq, sql } from 'drizzle-orm';
import { invalid } from '../../engine/errors.ts';
import type { Hooks } from '../../engine/server-resource.ts';
import { changed, rowById } from '../../engine/lookup.ts';

export const productsHooks: Hooks<'products'> = {
  customFilters: {
    // Discontinued products are soft-deleted ones (docs/domain/catalogue.md, Discontinued products).
    discontinued: (value, t) => (value === 'true' || value === '1' ? isNotNull(t.deleted_at) : value === 'all' ? undefined : isNull(t.deleted_at)),
    // The material screen's "used by": the single material of a plain product or a line of an assembly.
    uses_material_id: (value, t) => {
      if (!/^\d{1,9}$/.test(value)) throw invalid({ uses_material_id: ['Must be a record id.'] });
      const id = Number(value);
      return sql`(${t.material_id} = ${id} OR ${t.id} IN (SELECT pm.product_id FROM product_materials pm WHERE pm.material_id = ${id}))`;
    },
  },
  async beforeSave({ ctx, values, existing }) {
    if (changed(values, existing, 'series_id')) {
      const s = await rowById(ctx, 'series', values.series_id);
      values.series_name = s?.name ?? null;
      if (s && values.category_id == null && existing?.category_id == null) values.category_id = s.category_id;
    }
  },
};

export const seriesHooks: Hooks<'series'> = {
  customFilters: {
    type: (value, t) => (value === 'stocked' ? eq(t.special_order, false) : value === 'special_order' ? eq(t.special_order, true) : undefined),
  },
};
