// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The purchase order as a PDF (docs/domain/purchasing.md, The order as a PDF): the print page's
 * content (web features/purchasing/purchase-order-page.tsx) made on the server: the shop's header,
 * the order's number and date, the vendor with its contact, the lines (material and description,
 * the vendor's part number, qty, unit price, price) in the screen's order, the total and the
 * order's note. Each page ends with "Page n of m"; the lines' header repeats on every page.
 *
 * The vendor's name and contact are the order's address: a reader of the order (`view
 * purchase_orders`) sees whom it goes to, as the order's screen names its vendor, without needing
 * the vendor list's own right. `renderPurchaseOrderPdf(ctx, id)` is what the download action
 * answers and what an email to the vendor attaches (its db may be a transaction's).
 */
import { Text, View } from '@react-pdf/renderer';
import { sql } from 'drizzle-orm';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { formatPhone } from '@glazier/shared/rules/phone';
import { inMaterialOrder, lineUnitPrice, purchaseOrderStatus } from '@glazier/shared/rules/purchasing/purchase-order-line';
import type { RecordOf } from '@glazier/shared/resources/records';
import { sqlRows } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';
import { get, list } from '../../engine/read.ts';
import { PdfDocument, PdfTable, ShopHead, pdfBytes, pdfFileName, pdfStyles, readShopHeader, type PdfColumn, type ShopHeader } from '../../platform/documents/pdf-kit.tsx';

type Line = RecordOf<'purchase_order_materials'>;

interface VendorAddress {
  name: string | null;
  contact_name: string | null;
  phone: string | null;
  email: string | null;
}

export interface PurchaseOrderPdfData {
  shop: ShopHeader;
  order: { number: number | null; date: string | null; draft: boolean; total: number | null; note: string | null };
  vendor: VendorAddress;
  lines: Line[];
}

export const purchaseOrderTitle = (number: number | null | undefined) => `Purchase Order ${number ?? ''}`.trim();

export async function renderPurchaseOrderPdf(ctx: Ctx, orderId: number): Promise<{ bytes: Buffer; fileName: string }> {
  const data = await readPurchaseOrderPdf(ctx, orderId);
  const title = purchaseOrderTitle(data.order.number);
  return { bytes: await pdfBytes(<PurchaseOrderPdfDocument data={data} title={title} />), fileName: pdfFileName(title) };
}

/** What the document shows, read as the caller (404 for a missing order, 403 without `view purchase_orders`). */
async function readPurchaseOrderPdf(ctx: Ctx, orderId: number): Promise<PurchaseOrderPdfData> {
  // with its computed total (the lines' prices)
  const order = await get(ctx, 'purchase_orders', orderId);
  const [lines, [vendor], shop] = await Promise.all([
    list(ctx, 'purchase_order_materials', { purchase_order_id: String(orderId) }),
    sqlRows<VendorAddress>(ctx.db, sql`SELECT name, contact_name, phone, email FROM vendors WHERE id = ${order.vendor_id}`),
    readShopHeader(ctx.db),
  ]);
  const ordered = inMaterialOrder(lines.data);
  return {
    shop,
    order: {
      number: order.number ?? null,
      date: order.sent_at ?? order.created_at ?? null,
      draft: purchaseOrderStatus(order) === 'draft',
      total: order.total ?? null,
      note: order.note ?? null,
    },
    vendor: vendor ?? { name: null, contact_name: null, phone: null, email: null },
    lines: ordered,
  };
}

const COLUMNS: PdfColumn<Line>[] = [
  {
    label: 'Material',
    flex: 1,
    cell: (l) => (
      <View>
        <Text>{l.material_number ?? ''}</Text>
        {l.material_description ? <Text style={[pdfStyles.dim, { fontSize: 8.5 }]}>{l.material_description}</Text> : null}
      </View>
    ),
  },
  { label: 'Part number', width: 100, cell: (l) => l.vendor_part_number ?? '' },
  { label: 'Qty', width: 50, numeric: true, cell: (l) => formatQty(l.qty) },
  { label: 'Unit price', width: 74, numeric: true, cell: (l) => formatMoney(lineUnitPrice(l.qty, l.price)) },
  { label: 'Price', width: 80, numeric: true, cell: (l) => formatMoney(l.price) },
];

export function PurchaseOrderPdfDocument({ data, title }: { data: PurchaseOrderPdfData; title: string }) {
  const { shop, order, vendor, lines } = data;
  const contact = [vendor.contact_name && `Attn. ${vendor.contact_name}`, vendor.phone && formatPhone(vendor.phone), vendor.email].filter(Boolean);
  return (
    <PdfDocument title={title} shop={shop} footer={title}>
      <ShopHead
        shop={shop}
        kind="Purchase Order"
        lines={[
          <Text key="n" style={pdfStyles.bold}>
            No. {order.number ?? ''}
          </Text>,
          ...(order.date ? [formatDate(order.date)] : []),
          ...(order.draft ? [<Text key="draft" style={pdfStyles.dim}>Draft: not sent</Text>] : []),
        ]}
      />
      <View style={{ marginBottom: 14 }}>
        <Text style={pdfStyles.label}>TO</Text>
        <Text style={pdfStyles.bold}>{vendor.name ?? ''}</Text>
        {contact.map((c) => (
          <Text key={c as string}>{c}</Text>
        ))}
      </View>
      {lines.length === 0 ? <Text style={pdfStyles.dim}>This order has no lines yet.</Text> : <PdfTable columns={COLUMNS} rows={lines} />}
      <View style={pdfStyles.totals} wrap={false}>
        <View style={pdfStyles.grandRow}>
          <Text>Total</Text>
          <Text style={{ marginLeft: 24 }}>{formatMoney(order.total)}</Text>
        </View>
      </View>
      {order.note ? <Text>{order.note}</Text> : null}
    </PdfDocument>
  );
}
