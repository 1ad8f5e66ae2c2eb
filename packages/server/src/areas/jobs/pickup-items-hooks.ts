import { SCOPES } from '@glazier/shared/resources/jobs';
import { invalid } from '../../engine/errors.ts';
import type { Hooks } from '../../engine/server-resource.ts';
import { jobChildHooks } from './job-children.ts';
import { changed, rowById } from '../../engine/lookup.ts';
import { sqlSelect } from '../../db/typed-sql.ts';
import { sql } from 'drizzle-orm';

/**
 * Pickup items (docs/domain/jobs.md, Pickup items): a new one is the
 * creator's unless it names its user, and its category is one of the five (the same section) named
 * either way, by `category_name` or by the product category's `category_id`; the other is filled
 * in, so lists filter by either.
 */
export const pickupItemsHooks: Hooks<'pickup_items'> = {
  ...jobChildHooks,
  async beforeSave(args) {
    await jobChildHooks.beforeSave!(args);
    const { ctx, values, existing } = args;
    if (!existing && values.user_id == null && ctx.user) values.user_id = ctx.user.id;
    if (changed(values, existing, 'category_name')) {
      const [row] =
        values.category_name == null
          ? []
          : await sqlSelect(
              ctx.db,
              { id: 'num' },
              sql`SELECT id FROM product_categories WHERE lower(name) = lower(${values.category_name}) ORDER BY id LIMIT 1`,
            );
      // A category_id sent with the name is stored only as the one the name names: never dropped silently.
      const sent = changed(values, existing, 'category_id') ? values.category_id : undefined;
      if (sent != null && sent !== row?.id)
        throw invalid({ category_id: [`Does not match the category ${values.category_name ?? '(none)'}; send one of the two.`] });
      values.category_id = row?.id ?? null;
    } else if (changed(values, existing, 'category_id')) {
      const category = await rowById(ctx, 'product_categories', values.category_id);
      const name = SCOPES.find((s) => s.toLowerCase() === String(category?.name ?? '').toLowerCase());
      if (values.category_id != null && !name) throw invalid({ category_id: [`Choose one of: ${SCOPES.join(', ')}.`] });
      values.category_name = name ?? null;
    }
  },
};
