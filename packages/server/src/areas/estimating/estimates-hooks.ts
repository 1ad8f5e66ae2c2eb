import { sql } from 'drizzle-orm';
import { defaultAmount, nextAmount } from '@glazier/shared/rules/line-amount';
import { alternatesChoosable, contentLockedMessage, type EstimateState } from '@glazier/shared/rules/estimating/estimate-status';
import { sweepBlobsAfterDelete } from '../../platform/attachments/files-images.ts';
import { canEdit, type Ctx } from '../../engine/context.ts';
import { estimateTotalSql, itemCategory } from './estimate-total-sql.ts';
import { ApiError } from '../../engine/errors.ts';
import { rowById } from '../../engine/lookup.ts';
import type { Hooks } from '../../engine/server-resource.ts';

/** Only a draft is edited or deleted (docs/domain/estimating.md, Status); its status moves only through the status action. */
function refuseUnlessDraft(estimate: EstimateState | null | undefined): void {
  const why = estimate ? contentLockedMessage(estimate) : null;
  if (why) throw new ApiError(409, why);
}

export const estimatesHooks: Hooks<'estimates'> = {
  ...sweepBlobsAfterDelete,
  computed: {
    client_name: (t) => sql`(SELECT c.name FROM clients c WHERE c.id = ${t.client_id})`,
    // estimateTotals' `chosen` (shared/rules/estimating/estimate-totals.ts): an item with an
    // alternate in a category the client chose counts its alternate amount
    total: (t) => estimateTotalSql(t),
  },
  customFilters: {
    // every revision of the series the given estimate belongs to, the first one included
    revisions_of: (value, t) => {
      const id = Number(value);
      if (!Number.isInteger(id) || id < 1) return sql`false`;
      return sql`coalesce(${t.revision_root_id}, ${t.id}) = (SELECT coalesce(e.revision_root_id, e.id) FROM estimates e WHERE e.id = ${id})`;
    },
  },
  beforeSave: ({ values, existing }) => {
    // the client's choice of alternates is made on an open estimate too (it is what was offered)
    if (existing && alternatesChoosable(existing) && onlyAlternatesChange(values, existing)) return;
    refuseUnlessDraft(existing);
  },
  beforeDelete: ({ existing }) => refuseUnlessDraft(existing),
};

/** Whether a save changes nothing of the estimate but the client's choice of alternates. */
function onlyAlternatesChange(values: Record<string, unknown>, existing: Record<string, unknown>): boolean {
  return Object.entries(values).every(
    ([k, v]) => k === 'alternate_categories' || k === 'updated_at' || JSON.stringify(v ?? null) === JSON.stringify(existing[k] ?? null),
  );
}

async function refuseUnlessDraftEstimate(ctx: Ctx, estimateId: unknown): Promise<void> {
  refuseUnlessDraft(await rowById(ctx, 'estimates', estimateId));
}

/** A row of an estimate's content is saved only while its estimate (and the one it moves to) is a draft. */
async function refuseUnlessDraftParent(ctx: Ctx, next: unknown, stored: unknown): Promise<void> {
  await refuseUnlessDraftEstimate(ctx, stored);
  if (next !== undefined && next !== stored) await refuseUnlessDraftEstimate(ctx, next);
}

/** An estimate's items and category notes are the estimate's content: changed only while it is a draft. */
export const estimateContentHooks: Hooks<'estimate_items' | 'estimate_category_notes'> = {
  beforeSave: ({ ctx, values, existing }) => refuseUnlessDraftParent(ctx, values.estimate_id, existing?.estimate_id),
  beforeDelete: ({ ctx, existing }) => refuseUnlessDraftEstimate(ctx, existing.estimate_id),
};

/** A product's standard unit price and cost (none: null). */
async function standardOf(ctx: Ctx, productId: unknown): Promise<{ price: number | null; cost: number | null }> {
  const product = productId == null ? null : await rowById(ctx, 'products', productId);
  return { price: num(product?.revenue_per_unit), cost: num(product?.cost_per_unit) };
}

const num = (v: unknown): number | null => (v == null ? null : Number(v));

/** An item's amounts by their product: the base's by `product_id`, the alternate's by `alternate_product_id`. */
const ITEM_AMOUNTS = [
  ['amount', 'product_id', 'price'],
  ['cost', 'product_id', 'cost'],
  ['alternate_amount', 'alternate_product_id', 'price'],
  ['alternate_cost', 'alternate_product_id', 'cost'],
] as const;

/**
 * An item's amount and cost, and its alternate's, default to the product's standard unit price and
 * cost × qty, and follow qty and product while they are still that default (shared/rules/line-amount.ts,
 * as a job product's do). One typed with `edit estimates_admin` stays; one cleared goes back to the
 * default. Without that right the amounts cannot be sent, and the server carries them over by the rule.
 */
async function followAmounts({
  ctx,
  values,
  existing,
}: {
  ctx: Ctx;
  values: Record<string, unknown>;
  existing: Record<string, unknown> | null;
}): Promise<void> {
  const admin = canEdit(ctx, 'estimates_admin');
  const merged = { ...existing, ...values };
  const standards = new Map<unknown, Promise<{ price: number | null; cost: number | null }>>();
  const standard = (id: unknown) => {
    if (!standards.has(id ?? null)) standards.set(id ?? null, standardOf(ctx, id));
    return standards.get(id ?? null)!;
  };
  for (const [field, productField, which] of ITEM_AMOUNTS) {
    if (admin && values[field] != null) continue; // typed
    const unit = (await standard(merged[productField]))[which];
    const qty = num(merged.qty);
    if ((admin && field in values) || !existing) values[field] = defaultAmount(unit, qty);
    else values[field] = nextAmount(num(existing[field]), { unit: (await standard(existing[productField]))[which], qty: num(existing.qty) }, { unit, qty });
  }
}

export const estimateItemsHooks: Hooks<'estimate_items'> = {
  beforeSave: async (args) => {
    await estimateContentHooks.beforeSave!(args);
    await followAmounts(args);
  },
  beforeDelete: estimateContentHooks.beforeDelete,
  computed: {
    product_category_id: (t) => itemCategory(t.product_id, t.takeoff_option_id),
    product_number: (t) => sql`(SELECT p.number FROM products p WHERE p.id = ${t.product_id})`,
    product_name: (t) => sql`(SELECT p.name FROM products p WHERE p.id = ${t.product_id})`,
    alternate_product_name: (t) => sql`(SELECT p.name FROM products p WHERE p.id = ${t.alternate_product_id})`,
    standard_price: (t) => sql`(SELECT p.revenue_per_unit FROM products p WHERE p.id = ${t.product_id})`,
    standard_cost: (t) => sql`(SELECT p.cost_per_unit FROM products p WHERE p.id = ${t.product_id})`,
    alternate_standard_price: (t) => sql`(SELECT p.revenue_per_unit FROM products p WHERE p.id = ${t.alternate_product_id})`,
    alternate_standard_cost: (t) => sql`(SELECT p.cost_per_unit FROM products p WHERE p.id = ${t.alternate_product_id})`,
  },
};

/** An estimate's takeoff is its content too: the takeoff, its units and its cells change only while the estimate is a draft (409). */
export const takeoffHooks: Hooks<'takeoffs'> = {
  beforeSave: ({ ctx, values, existing }) => refuseUnlessDraftParent(ctx, values.estimate_id, existing?.estimate_id),
  beforeDelete: ({ ctx, existing }) => refuseUnlessDraftEstimate(ctx, existing.estimate_id),
};

async function refuseUnlessDraftTakeoff(ctx: Ctx, takeoffId: unknown): Promise<void> {
  const takeoff = await rowById(ctx, 'takeoffs', takeoffId);
  if (takeoff) await refuseUnlessDraftEstimate(ctx, takeoff.estimate_id);
}

export const takeoffContentHooks: Hooks<'takeoff_units' | 'takeoff_items'> = {
  beforeSave: async ({ ctx, values, existing }) => {
    await refuseUnlessDraftTakeoff(ctx, existing?.takeoff_id);
    if (values.takeoff_id !== undefined && values.takeoff_id !== existing?.takeoff_id) await refuseUnlessDraftTakeoff(ctx, values.takeoff_id);
  },
  beforeDelete: ({ ctx, existing }) => refuseUnlessDraftTakeoff(ctx, existing.takeoff_id),
};
