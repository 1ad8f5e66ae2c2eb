/**
 * The shop floor's share of job products: the to-do lists' filter and order, and
 * measure-to-cut. The jobs area owns job products; the registry wraps its hooks with these.
 *
 * - `needs=is_fabricated` (or is_measured, is_ordered): products of live jobs (active, not a
 *   template, not in the trash) with the step still to do, whose series has the step (its
 *   category's flag while it uses the category settings, as shared/rules/catalogue/series-features.ts
 *   decides in the browser). In SQL, paged: a partial index per step (db/schema.ts) finds the few
 *   products still to do among the many done.
 * - `category_id=N`: products of the series of a category.
 * - `sort_column=job_start_date`: by the job's start date, then by job, so a job's products stay
 *   together (each job one group on the screen), then the job's own order.
 * - A save giving a site opening fills the glass size (opening − the series' deductions, rounded
 *   down to 1/16": shared/rules/shop-floor/measure-to-cut.ts) unless it gives the glass size itself,
 *   and marks the product measured today.
 * - A save keeps the product's pieces in step with it (pieces.ts).
 */
import { sql } from 'drizzle-orm';
import { TO_DO_LISTS, isToDoField } from '@glazier/shared/rules/shop-floor/to-do-lists';
import { OPENING_TOO_SMALL, glassFromOpening } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { invalid } from '../../engine/errors.ts';
import { changed, rowById } from '../../engine/lookup.ts';
import type { Hooks, SaveArgs } from '../../engine/server-resource.ts';
import { piecesAfterSave, piecesBeforeSave } from './pieces.ts';

const SIDES = [
  { opening: 'opening_width', glass: 'glass_width', deduction: 'glass_width_deduction' },
  { opening: 'opening_height', glass: 'glass_height', deduction: 'glass_height_deduction' },
] as const;

const today = () => new Date().toISOString().slice(0, 10);

/** Fills the glass size from the opening, and marks the product measured (see above). */
export async function measureToCut({ ctx, values, existing }: Pick<SaveArgs<'job_products'>, 'ctx' | 'values' | 'existing'>): Promise<void> {
  const merged = { ...existing, ...values };
  const entered = SIDES.some((s) => changed(values, existing, s.opening) && values[s.opening] != null);
  // a side whose opening is new (and whose glass the save does not set itself), or without a glass size yet
  const toFill = SIDES.filter(
    (s) => merged[s.opening] != null && ((entered && changed(values, existing, s.opening) && !changed(values, existing, s.glass)) || merged[s.glass] == null),
  );
  if (toFill.length) {
    const series = merged.series_id == null ? undefined : await rowById(ctx, 'series', merged.series_id);
    const errors: Record<string, string[]> = {};
    for (const side of toFill) {
      const glass = glassFromOpening(merged[side.opening], series?.[side.deduction]);
      if (glass === null) errors[side.opening] = [OPENING_TOO_SMALL];
      else values[side.glass] = glass;
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }
  if (entered) {
    if (!changed(values, existing, 'is_measured')) values.is_measured = true;
    if (!changed(values, existing, 'measure_date') || merged.measure_date == null) values.measure_date = today();
  }
}

/** The jobs area's job product hooks with the shop floor's lists and measure-to-cut. */
export function withShopFloor(hooks: Hooks<'job_products'>): Hooks<'job_products'> {
  return {
    ...hooks,
    customFilters: {
      ...hooks.customFilters,
      needs: (value, t) => {
        if (!isToDoField(value)) return undefined;
        const flag = sql.identifier(TO_DO_LISTS[value].flag);
        // literal NOT (no bound parameter), so the planner can use the step's partial index
        return sql`NOT ${t[value]}
          AND EXISTS (SELECT 1 FROM jobs j WHERE j.id = ${t.job_id} AND j.active AND NOT j.is_template AND j.deleted_at IS NULL)
          AND EXISTS (SELECT 1 FROM series s LEFT JOIN product_categories c ON c.id = s.category_id
            WHERE s.id = ${t.series_id} AND CASE WHEN s.use_category_settings THEN coalesce(c.${flag}, false) ELSE s.${flag} END)`;
      },
      category_id: (value, t) => {
        if (!/^\d{1,9}$/.test(value)) throw invalid({ category_id: ['Must be a record id.'] });
        return sql`${t.series_id} IN (SELECT s.id FROM series s WHERE s.category_id = ${Number(value)})`;
      },
    },
    sortKeys: {
      ...hooks.sortKeys,
      job_start_date: (t) => [sql`(SELECT j.start_date FROM jobs j WHERE j.id = ${t.job_id})`, sql`${t.job_id}`],
    },
    async beforeSave(args) {
      await hooks.beforeSave?.(args);
      await measureToCut(args);
      // after measure-to-cut: an opening entered measures every piece
      await piecesBeforeSave(args);
    },
    async afterSave(args) {
      await hooks.afterSave?.(args);
      await piecesAfterSave(args);
    },
  };
}
