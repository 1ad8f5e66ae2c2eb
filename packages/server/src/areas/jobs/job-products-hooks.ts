import { defaultAmount, nextAmount } from '@glazier/shared/rules/line-amount';
import type { Row } from '../../db/client.ts';
import type { Hooks } from '../../engine/server-resource.ts';
import { canEdit, type Ctx } from '../../engine/context.ts';
import { forbidden } from '../../engine/errors.ts';
import { changed, rowById } from '../../engine/lookup.ts';

/**
 * Cost and revenue default to the unit cost/revenue times qty (docs/domain/jobs.md, Job products). An amount an admin
 * typed stays (shared/rules/line-amount.ts); one still at its default follows qty and product.
 * Without `edit jobs_admin` the client cannot send them (docs/platform.md, Record rules), so the server carries them
 * over by that same rule: a supervisor's save never loses the amounts an admin typed.
 */
export const jobProductsHooks: Hooks<'job_products'> = {
  async beforeSave({ ctx, values, existing }) {
    await checkTemplateRight(ctx, existing);
    if (changed(values, existing, 'job_id')) await checkTemplateRight(ctx, values);
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
    const after = (perUnit: 'default_cost_per_unit' | 'default_revenue_per_unit') => ({ unit: merged[perUnit] ?? null, qty: merged.qty ?? null });
    for (const [total, perUnit] of [
      ['cost', 'default_cost_per_unit'],
      ['revenue', 'default_revenue_per_unit'],
    ] as const) {
      if (admin && values[total] != null) continue; // typed
      if (admin && total in values)
        values[total] = defaultAmount(after(perUnit).unit, after(perUnit).qty); // cleared: back to the default
      else if (!existing) values[total] = defaultAmount(after(perUnit).unit, after(perUnit).qty);
      else values[total] = nextAmount(existing[total], { unit: existing[perUnit], qty: existing.qty }, after(perUnit));
    }
  },
  beforeDelete: ({ ctx, existing }) => checkTemplateRight(ctx, existing),
};

/**
 * A job template's products are the template's (docs/domain/jobs.md, Templates: job templates are written with
 * `jobs_admin`), though job products are otherwise `edit jobs`': 403 on one of a template without it.
 */
async function checkTemplateRight(ctx: Ctx, row: Row | null): Promise<void> {
  if (row?.job_id == null || canEdit(ctx, 'jobs_admin')) return;
  const job = await rowById(ctx, 'jobs', row.job_id);
  if (job?.is_template === true) throw forbidden();
}
