import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import { and, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyTable } from '../../db/schema.ts';
import type { Hooks } from '../../engine/server-resource.ts';
import { ApiError, invalid } from '../../engine/errors.ts';
import { canEdit } from '../../engine/context.ts';
import { changed, rowById } from '../../engine/lookup.ts';
import { copyMaterial } from '../inventory/inventory-hooks.ts';
import { nextPurchaseOrderNumber } from './next-purchase-order-number.ts';
import { reconcileLineReceipts, syncOrderReceived } from './purchase-order-receipts.ts';

/**
 * The order of an order's lines (docs/domain/purchasing.md, The order as a PDF), its one rule:
 * stock lines first (no job), by material number; then glass cut for jobs, a job's pieces together
 * (by its label, the job's number first), each job's by material; ties as entered (a split line's
 * parts together). The lines' sort `job_label`, which the order's page, print and PDF ask for, and
 * the numbering of Send's refusals.
 */
export const PO_LINE_ORDER = (t: AnyTable): SQL[] => [sql`coalesce(${t.job_label}, '')`, t.material_number, t.id];

/** PO lines also carry the order's number, the vendor's part number and, for glass cut for a job, the job. */
export const purchaseOrderMaterialsHooks: Hooks<'purchase_order_materials'> = {
  sortKeys: { job_label: PO_LINE_ORDER },
  async beforeSave(args) {
    await copyMaterial(args);
    const { ctx, values, existing } = args;
    if (changed(values, existing, 'purchase_order_id')) {
      values.purchase_order_number = (await rowById(ctx, 'purchase_orders', values.purchase_order_id))?.number ?? null;
    }
    if (changed(values, existing, 'vendor_material_id')) {
      values.vendor_part_number = (await rowById(ctx, 'vendor_materials', values.vendor_material_id))?.vendor_part_number ?? null;
    }
    // a piece of glass cut for a job (order-glass.ts): the order groups its lines by this label
    if (changed(values, existing, 'job_product_id')) {
      const [job] = values.job_product_id
        ? await sqlSelect(
            ctx.db,
            { number: 'text?', name: 'text?' },
            sql`SELECT j.number, j.name FROM job_products jp JOIN jobs j ON j.id = jp.job_id WHERE jp.id = ${values.job_product_id}`,
          )
        : [];
      values.job_label = job ? [job.number, job.name].filter(Boolean).join(' ') || null : null;
    }
  },
  /**
   * Receiving: a line that becomes received writes its receipt once, one set back
   * writes the reverse (purchase-order-receipts.ts); the order follows its lines.
   */
  async afterSave({ ctx, record, existing }) {
    await reconcileLineReceipts(ctx, record);
    await syncOrderReceived(ctx, record.purchase_order_id);
    if (existing && existing.purchase_order_id !== record.purchase_order_id) await syncOrderReceived(ctx, existing.purchase_order_id);
  },
  async afterDelete({ ctx, existing }) {
    await syncOrderReceived(ctx, existing.purchase_order_id);
  },
};

/** Derived status (docs/domain/purchasing.md, Orders): received if received_at, else open if sent_at, else draft. */
export const purchaseOrdersHooks: Hooks<'purchase_orders'> = {
  computed: {
    vendor_name: (t) => sql`(SELECT v.name FROM vendors v WHERE v.id = ${t.vendor_id})`,
    line_count: (t) => sql`(SELECT count(*)::int FROM purchase_order_materials l WHERE l.purchase_order_id = ${t.id} AND l.deleted_at IS NULL)`,
    total: (t) => sql`(SELECT coalesce(sum(l.price), 0) FROM purchase_order_materials l WHERE l.purchase_order_id = ${t.id} AND l.deleted_at IS NULL)`,
  },
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
      // Numbers never collide: concurrent creates take the next number one at a time (the lock
      // lasts until the creating transaction commits, so the next one sees its number).
      await sqlRun(ctx.db, sql`SELECT pg_advisory_xact_lock(72650001)`, { deferred: true });
      values.number = await nextPurchaseOrderNumber({ ctx });
    }
  },
};

/**
 * At most one preferred vendor per material (docs/domain/purchasing.md, Vendor materials):
 * marking one preferred unsets the material's others in the same transaction, so the dialog never
 * has to ask. The material row is locked first, so two concurrent "preferred" saves for one
 * material run one after the other. The side effect has no audit rows of its own (one entry per
 * record written, as everywhere): the audit row of the record made preferred explains it.
 */
export const vendorMaterialsHooks: Hooks<'vendor_materials'> = {
  computed: {
    material_number: (t) => sql`(SELECT m.number FROM materials m WHERE m.id = ${t.material_id})`,
    material_description: (t) => sql`(SELECT m.description FROM materials m WHERE m.id = ${t.material_id})`,
    vendor_name: (t) => sql`(SELECT v.name FROM vendors v WHERE v.id = ${t.vendor_id})`,
  },
  async beforeSave({ ctx, values, existing }) {
    const materialId = values.material_id ?? existing?.material_id;
    if ((values.is_preferred ?? existing?.is_preferred) === true && typeof materialId === 'number') {
      await sqlRun(ctx.db, sql`SELECT id FROM materials WHERE id = ${materialId} FOR UPDATE`);
    }
  },
  async afterSave({ ctx, record }) {
    if (record.is_preferred !== true) return;
    await sqlRun(
      ctx.db,
      sql`UPDATE vendor_materials SET is_preferred = false, updated_at = now()
      WHERE material_id = ${record.material_id} AND id <> ${record.id} AND is_preferred`,
    );
  },
};

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null));

/**
 * Vendors (docs/domain/purchasing.md, Vendors): the email is changed only with `edit users` (the dialog disables the
 * field without it; here the API refuses it too). A vendor still named by purchase orders stays
 * (409 in words); its price list (vendor materials) goes with it.
 */
export const vendorsHooks: Hooks<'vendors'> = {
  beforeSave({ ctx, values, existing }) {
    if ('email' in values && blankToNull(values.email) !== blankToNull(existing?.email) && !canEdit(ctx, 'users')) {
      throw invalid({ email: ["Only someone who may edit users can change a vendor's email."] });
    }
  },
  async beforeDelete({ ctx, existing }) {
    const [row] = await sqlSelect(ctx.db, { n: 'num' }, sql`SELECT count(*)::int AS n FROM purchase_orders WHERE vendor_id = ${existing.id}`);
    const n = Number(row?.n ?? 0);
    if (n) throw new ApiError(409, `This vendor is used by ${n} purchase order${n === 1 ? '' : 's'} and cannot be deleted.`);
  },
};
