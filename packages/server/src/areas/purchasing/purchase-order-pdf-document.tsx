// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The purchase order's PDF as a component (purchase-order-pdf.ts reads it and has it rendered off
 * the event loop): the print page's content (web features/purchasing/purchase-order-page.tsx): the
 * shop's header, the order's number and date, the vendor with its contact, the lines (material and
 * description, a cut piece's size and job, the vendor's part number, qty, unit price, price) in the screen's order, the total
 * and the order's note. Each page ends with "Page n of m"; the lines' header repeats on every page.
 */
import { Text, View } from '@react-pdf/renderer';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { formatPhone } from '@glazier/shared/rules/phone';
import { lineUnitPrice } from '@glazier/shared/rules/purchasing/purchase-order-line';
import { formatCutPiece } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import type { RecordOf } from '@glazier/shared/resources/records';
import { PdfDocument, PdfTable, ShopHead, pdfStyles, type PdfColumn, type ShopHeader } from '../../platform/documents/pdf-kit.tsx';

type Line = RecordOf<'purchase_order_materials'>;

export interface VendorAddress {
  name: string | null;
  contact_name: string | null;
  phone: string | null;
  email: string | null;
}

export interface PurchaseOrderPdfProps {
  title: string;
  shop: ShopHeader;
  order: { number: number | null; date: string | null; draft: boolean; total: number | null; note: string | null };
  vendor: VendorAddress;
  lines: Line[];
}

const COLUMNS: PdfColumn<Line>[] = [
  {
    label: 'Material',
    flex: 1,
    cell: (l) => (
      <View>
        <Text>{l.material_number ?? ''}</Text>
        {l.material_description ? <Text style={[pdfStyles.dim, { fontSize: 8.5 }]}>{l.material_description}</Text> : null}
        {/* a piece of glass cut for a job: the size the vendor cuts, and whose it is */}
        {l.glass_width != null ? <Text style={{ fontSize: 8.5 }}>{[formatCutPiece(l), l.job_label].filter(Boolean).join(' · ')}</Text> : null}
      </View>
    ),
  },
  { label: 'Part number', width: 100, cell: (l) => l.vendor_part_number ?? '' },
  { label: 'Qty', width: 50, numeric: true, cell: (l) => formatQty(l.qty) },
  { label: 'Unit price', width: 74, numeric: true, cell: (l) => formatMoney(lineUnitPrice(l.qty, l.price)) },
  { label: 'Price', width: 80, numeric: true, cell: (l) => formatMoney(l.price) },
];

export function PurchaseOrderPdfDocument({ title, shop, order, vendor, lines }: PurchaseOrderPdfProps) {
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
          ...(order.draft
            ? [
                <Text key="draft" style={pdfStyles.dim}>
                  Draft: not sent
                </Text>,
              ]
            : []),
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
