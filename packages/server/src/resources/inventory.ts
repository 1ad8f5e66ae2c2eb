import { and, isNotNull, isNull } from 'drizzle-orm';
import type { Hooks } from '../engine/server-resource.ts';
import { changed, rowById } from './lookup.ts';
import { nextPurchaseOrderNumber } from '../domain/next-purchase-order-number.ts';

export const materialsHooks: Hooks = {
  async beforeSave({ ctx, values, existing }) {
    if (changed(values, existing, 'material_category_id')) {
      values.material_category_name = (await rowById(ctx, 'material_categories', values.material_category_id))?.name ?? null;
    }
  },
};

/** Lines of orders and boms show their material's number and description (read-only copies). */
const copyMaterial: NonNullable<Hooks['beforeSave']> = async ({ ctx, values, existing }) => {
  if (changed(values, existing, 'material_id')) {
    const m = await rowById(ctx, 'materials', values.material_id);
    values.material_number = m?.number ?? null;
    values.material_description = m?.description ?? null;
  }
};

/** PO lines also carry the order's number and the vendor's part number. */
export const purchaseOrderMaterialsHooks: Hooks = {
  async beforeSave(args) {
    await copyMaterial(args);
    const { ctx, values, existing } = args;
    if (changed(values, existing, 'purchase_order_id')) {
      values.purchase_order_number = (await rowById(ctx, 'purchase_orders', values.purchase_order_id))?.number ?? null;
    }
    if (changed(values, existing, 'vendor_material_id')) {
      values.vendor_part_number = (await rowById(ctx, 'vendor_materials', values.vendor_material_id))?.vendor_part_number ?? null;
    }
  },
};

export const bomMaterialsHooks: Hooks = { beforeSave: copyMaterial };

export const bomsHooks: Hooks = {
  customFilters: {
    status: (value, t) => (value === 'pulled' ? isNotNull(t.pulled_at) : value === 'open' ? isNull(t.pulled_at) : undefined),
  },
};

/** Derived status (domain.md 4): received if received_at, else open if sent_at, else draft. */
export const purchaseOrdersHooks: Hooks = {
  customFilters: {
    status: (value, t) =>
      value === 'received'
        ? isNotNull(t.received_at)
        : value === 'open'
          ? and(isNull(t.received_at), isNotNull(t.sent_at))
          : value === 'draft'
            ? and(isNull(t.received_at), isNull(t.sent_at))
            : undefined,
  },
  async beforeSave({ ctx, values, existing }) {
    if (!existing && values.number == null) {
      values.number = await nextPurchaseOrderNumber({ ctx });
    }
  },
};
