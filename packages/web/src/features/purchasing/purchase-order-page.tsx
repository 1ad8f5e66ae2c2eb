/**
 * A purchase order (`/purchase_orders/{id}`): the header (number, vendor with contact, derived
 * status badge; Send, Receive all, Print, Download PDF, Email to vendor, Open in mail app, Edit), its lines (material number with the
 * description beneath, vendor part number, qty, unit price = price ÷ qty with qty 0 as 1, price,
 * status) and the total. A line opens the PO Material dialog; a saved line's status badge opens
 * the status picker (Ordered, Received, Backordered, Split).
 *
 * The dialogs' code is fetched when one is opened, not with the page.
 *
 * Print gives the order on paper (company, vendor, lines, total; ui/print-sheet.tsx); Download PDF
 * the same as a file made on the server (purchase_orders.pdf, what the vendor is sent); Email to
 * vendor sends that PDF from the server (email-to-vendor.tsx) and marks the order sent; Open in mail
 * app opens the person's own mail program with the order summarised to the vendor's address. The
 * Email tab lists the order's messages and their status. Print Labels (once a line is
 * received, and offered right after Receive All) prints labels for the received lines
 * (received-labels.tsx).
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { formatPhone } from '@glazier/shared/rules/phone';
import { formatCutPiece } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { SETTING } from '@glazier/shared/settings';
import { Anchor, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileTypePdf, IconMail, IconPencil, IconPrinter, IconSend, IconTags, IconTruckDelivery } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { DetailPage, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { useConfirmedRun, useReportedRun } from '../../resource-kit/forms/error-mapper.tsx';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf, RecordWithRelations } from '@glazier/shared/resources/records';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { downloadHref } from '../../resource-kit/http/actions.ts';
import { useSettingValue } from '../../resource-kit/records/settings.ts';
import { usePrepareLabels } from '../../ui/labels.ts';
import { useLoader } from '../../ui/loader.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { PrintSheet } from '../../ui/print-sheet.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { lineUnitPrice, purchaseOrderStatus } from '@glazier/shared/rules/purchasing/purchase-order-line';
import { receiveOrder, refreshStock, sendOrder } from './order-actions.ts';
import { EmailToVendorButton } from './email-to-vendor.tsx';
import { RecordMail } from '../../resource-kit/mail/mail-status.tsx';
import { LineStatusBadge, OrderStatusBadge, isReceived } from './status-badges.tsx';

type Order = RecordWithRelations<'purchase_orders'>;
type Line = RecordOf<'purchase_order_materials'>;
type Vendor = RecordOf<'vendors'>;

const LIST = { label: 'Purchase Orders', to: '/purchase_orders' };

function MaterialCell({ line }: { line: Line }) {
  return (
    <Stack gap={0}>
      <Text span size="sm" fw={500}>
        {line.material_number}
      </Text>
      {line.material_description && (
        <Text span size="xs" c="dimmed">
          {line.material_description}
        </Text>
      )}
      {line.glass_width != null && (
        <Text span size="xs" data-testid="po-line-cut">
          {formatCutPiece(line)}
          {line.job_label && ` · ${line.job_label}`}
        </Text>
      )}
      {line.vendor_part_number && (
        <Text span size="xs" c="dimmed" hiddenFrom="sm">
          Part {line.vendor_part_number}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The order's lines in their one order (the server's sort `job_label`: stock lines by material, then
 * each job's cut glass together), on the page, its print and mail summary, as in the PDF.
 */
const LINE_ORDER = { column: 'job_label', direction: 'asc' } as const;

/** The status picker of a saved line (line-status-dialog.tsx). */
function useChangeLineStatus(): (line: Line) => Promise<Line[] | null> {
  const modals = useModals();
  const queryClient = useQueryClient();
  const loader = useLoader();
  return async (line) => (await import('./line-status-dialog.tsx')).changeLineStatus(modals, queryClient, loader, line);
}

function Lines({ order, canEdit, onLine }: { order: Order; canEdit: boolean; onLine: (line: Line | null) => void }) {
  const changeStatus = useChangeLineStatus();
  const columns: Column<'purchase_order_materials'>[] = [
    { key: 'material_number', label: 'Material', sortable: true, render: (l) => <MaterialCell line={l} /> },
    { key: 'vendor_part_number', label: 'Part number', visibleFrom: 'sm', render: (l) => l.vendor_part_number ?? '' },
    { key: 'qty', label: 'Qty', render: (l) => formatQty(l.qty) },
    // Derived (price ÷ qty), no field of its own.
    { key: 'actions', label: 'Unit price', visibleFrom: 'xs', render: (l) => formatMoney(lineUnitPrice(l.qty, l.price)) },
    { key: 'price', label: 'Price', render: (l) => formatMoney(l.price) },
    {
      key: 'status',
      label: 'Status',
      render: (l) =>
        canEdit ? (
          <UnstyledButton
            aria-label={`Status of ${l.material_number ?? 'line'}: ${l.status}. Change`}
            onClick={(e) => {
              e.stopPropagation();
              void changeStatus(l);
            }}
          >
            <LineStatusBadge status={l.status ?? 'ordered'} />
          </UnstyledButton>
        ) : (
          <LineStatusBadge status={l.status ?? 'ordered'} />
        ),
    },
  ];
  return (
    <Stack gap="xs">
      <ResourceTable
        resource="purchase_order_materials"
        columns={columns}
        filters={{ purchase_order_id: order.id }}
        perPage={100}
        defaultSort={LINE_ORDER}
        onRowClick={onLine}
        rowLabel={(l) => `${canEdit ? 'Edit' : 'Open'} ${l.material_number ?? 'line'}`}
        emptyText={canEdit ? 'No materials on this order yet. Add the first one.' : 'No materials on this order yet.'}
        testId="po-lines"
      />
      <Group justify="flex-end">
        <Text fw={700} data-testid="po-total">
          Total {formatMoney(order.total)}
        </Text>
      </Group>
    </Stack>
  );
}

/** A piece of glass cut for a job, after the material: ` — Cut 36 1/4" × 71 3/4", 3/8" thick (24-0012 Smith)`; '' for a stock line. */
function cutText(l: Line): string {
  const cut = formatCutPiece(l);
  return cut ? ` — ${cut}${l.job_label ? ` (${l.job_label})` : ''}` : '';
}

/** The order summarised for an email to the vendor. */
function mailtoHref(order: Order, vendor: Vendor | undefined, lines: Line[], company: string | null): string {
  const body = [
    `Hello${vendor?.contact_name ? ` ${vendor.contact_name}` : ''},`,
    '',
    `Please supply the following for purchase order ${order.number}:`,
    '',
    ...lines.map(
      (l) =>
        `- ${formatQty(l.qty)} × ${l.material_number ?? ''}${l.vendor_part_number ? ` (part ${l.vendor_part_number})` : ''}${l.material_description ? ` — ${l.material_description}` : ''}${cutText(l)}: ${formatMoney(l.price)}`,
    ),
    '',
    `Total: ${formatMoney(order.total)}`,
    '',
    'Thank you,',
    company ?? '',
  ].join('\n');
  const subject = `Purchase order ${order.number}${company ? ` from ${company}` : ''}`;
  return `mailto:${encodeURIComponent(vendor?.email ?? '')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function PrintedOrder({ order, vendor, lines, company }: { order: Order; vendor: Vendor | undefined; lines: Line[]; company: string | null }) {
  return (
    <PrintSheet page="letter portrait" testId="po-print">
      <h1 style={{ margin: '0 0 4pt' }}>{company ?? ''}</h1>
      <h2 style={{ margin: '0 0 12pt' }}>Purchase Order {order.number}</h2>
      <p style={{ margin: '0 0 12pt' }}>
        <b>To:</b> {vendor?.name ?? order.vendor_name}
        {vendor?.contact_name && <>, attn. {vendor.contact_name}</>}
        {vendor?.phone && <> · {formatPhone(vendor.phone)}</>}
        {vendor?.email && <> · {vendor.email}</>}
        <br />
        <b>Date:</b> {formatDate(order.sent_at ?? order.created_at ?? null)}
      </p>
      <table>
        <thead>
          <tr>
            <th>Material</th>
            <th>Part number</th>
            <th className="print-number">Qty</th>
            <th className="print-number">Unit price</th>
            <th className="print-number">Price</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <td>
                {l.material_number}
                {l.material_description && (
                  <>
                    <br />
                    <small>{l.material_description}</small>
                  </>
                )}
                {l.glass_width != null && (
                  <>
                    <br />
                    <small>
                      {formatCutPiece(l)}
                      {l.job_label && ` · ${l.job_label}`}
                    </small>
                  </>
                )}
              </td>
              <td>{l.vendor_part_number ?? ''}</td>
              <td className="print-number">{formatQty(l.qty)}</td>
              <td className="print-number">{formatMoney(lineUnitPrice(l.qty, l.price))}</td>
              <td className="print-number">{formatMoney(l.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={4} className="print-number">
              <b>Total</b>
            </td>
            <td className="print-number">
              <b>{formatMoney(order.total)}</b>
            </td>
          </tr>
        </tfoot>
      </table>
      {order.note && <p style={{ whiteSpace: 'pre-line' }}>{order.note}</p>}
    </PrintSheet>
  );
}

/** The header's buttons, the printable order and the email link (they need the vendor and all lines). */
function OrderActions({ order, canEdit }: { order: Order; canEdit: boolean }) {
  const modals = useModals();
  const confirmedRun = useConfirmedRun();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The vendor and the lines the order's GET embeds stand in until their own reads answer: the header
  // then paints whole (Print Labels, the vendor's contact), not growing after it painted (a layout shift).
  const vendor = useRecord('vendors', order.vendor_id, { placeholderData: order.vendor ?? undefined }).data;
  const lines =
    useList('purchase_order_materials', { purchase_order_id: order.id, sort_column: LINE_ORDER.column }, { placeholderData: order.purchase_order_materials })
      .data ?? [];
  const company = useSettingValue(SETTING.companyName);
  const status = purchaseOrderStatus(order);
  const prepareLabels = usePrepareLabels();

  const reportedRun = useReportedRun();
  const run = async (action: () => Promise<unknown>, done: string): Promise<boolean> => (await reportedRun(action, done)) !== null;
  const printLabels = async () => {
    const { openReceivedLabelsDialog } = await import('./received-labels.tsx');
    const labels = await openReceivedLabelsDialog(modals, order);
    if (labels) prepareLabels(labels);
  };
  const send = () => void run(() => sendOrder(queryClient, order.id), `Purchase order ${order.number} sent.`);
  const receive = async () => {
    const received = await confirmedRun(
      'Receive every line of this order?',
      { title: 'Receive All', confirmLabel: 'Receive All' },
      () => receiveOrder(queryClient, order.id),
      `Purchase order ${order.number} received.`,
    );
    if (received !== null) await printLabels();
  };
  const edit = async () => {
    let deleted = false;
    const { openPurchaseOrderDialog } = await import('./purchase-order-dialog.tsx');
    await openPurchaseOrderDialog(modals, { record: order, onDeleted: () => (deleted = true) });
    if (deleted) void navigate(LIST.to, { replace: true });
  };

  return (
    <>
      {canEdit && status === 'draft' && (
        <Button leftSection={<IconSend size={16} />} onClick={send} disabled={lines.length === 0}>
          Send
        </Button>
      )}
      {canEdit && status !== 'received' && (
        <Button
          variant={status === 'open' ? 'filled' : 'default'}
          leftSection={<IconTruckDelivery size={16} />}
          onClick={() => void receive()}
          disabled={lines.length === 0}
        >
          Receive All
        </Button>
      )}
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
        Print
      </Button>
      <Button
        variant="default"
        component="a"
        href={downloadHref(ACTION_ROUTES['purchase_orders.pdf'], { id: order.id })}
        download
        leftSection={<IconFileTypePdf size={16} />}
      >
        Download PDF
      </Button>
      {lines.some(isReceived) && (
        <Button variant="default" leftSection={<IconTags size={16} />} onClick={() => void printLabels()}>
          Print Labels
        </Button>
      )}
      {canEdit && <EmailToVendorButton order={order} vendorEmail={vendor?.email} disabled={lines.length === 0} />}
      <Button variant="default" component="a" href={mailtoHref(order, vendor, lines, company)} leftSection={<IconMail size={16} />} data-testid="po-mailto">
        Open in mail app
      </Button>
      {canEdit && (
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit()}>
          Edit
        </Button>
      )}
      <PrintedOrder order={order} vendor={vendor} lines={lines} company={company} />
    </>
  );
}

/** The vendor with its contact (name, phone, email), read live from the vendor (the order's embedded vendor until then). */
function VendorContact({ order }: { order: Order }) {
  const vendor = useRecord('vendors', order.vendor_id, { placeholderData: order.vendor ?? undefined }).data;
  if (!vendor) return null;
  // Apart enough that the phone and email links are each a 24 px target (WCAG 2.5.8).
  return (
    <Stack gap={6}>
      <Anchor component={Link} to={`/lists/vendors/${vendor.id}`}>
        {vendor.name}
      </Anchor>
      {vendor.contact_name && <Text size="sm">{vendor.contact_name}</Text>}
      {vendor.phone && (
        <Anchor size="sm" href={`tel:+${vendor.phone}`}>
          {formatPhone(vendor.phone)}
        </Anchor>
      )}
      {vendor.email && (
        <Anchor size="sm" href={`mailto:${vendor.email}`}>
          {vendor.email}
        </Anchor>
      )}
    </Stack>
  );
}

export function PurchaseOrderPage() {
  const id = useRouteId('purchase_order_id');
  const modals = useModals();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'purchase_orders');
  // A line saved or removed changes the order's total and line count, and the material's on order.
  const lineDialog = async (record: Line | null, orderId: number) => {
    const { openPurchaseOrderMaterialDialog } = await import('./purchase-order-material-dialog.tsx');
    await openPurchaseOrderMaterialDialog(modals, record ? { record } : { initial: { purchase_order_id: orderId } });
    refreshStock(queryClient);
  };
  const addLine = (orderId: number) => void lineDialog(null, orderId);
  useScreenAction('add', canEdit && id != null ? () => addLine(id) : null);

  return (
    <DetailPage
      resource="purchase_orders"
      id={id}
      parent={LIST}
      subtitle={(o) => o.vendor_name}
      badge={(o) => <OrderStatusBadge order={o} />}
      fields={[
        { label: 'Vendor', span: 2, value: (o) => <VendorContact order={o} /> },
        { label: 'Sent', value: (o) => formatDate(o.sent_at) || '—' },
        { label: 'Received', value: (o) => formatDate(o.received_at) || '—' },
        { label: 'Lines', value: (o) => String(o.line_count ?? 0) },
        { label: 'Total', value: (o) => formatMoney(o.total) },
      ]}
      actions={(o) => <OrderActions order={o} canEdit={canEdit} />}
      notice={(o) => (o.note ? <Text style={{ whiteSpace: 'pre-line' }}>{o.note}</Text> : null)}
      sections={[
        {
          key: 'lines',
          label: 'Materials',
          addLabel: 'Add Material',
          onAdd: canEdit ? (o) => addLine(o.id) : undefined,
          render: (o) => <Lines order={o} canEdit={canEdit} onLine={(l) => void lineDialog(l, o.id)} />,
        },
        {
          key: 'mail',
          label: 'Email',
          render: (o) => (
            <RecordMail resource="purchase_orders" id={o.id} title="Messages" empty="Not emailed yet. Email to vendor sends the order with its PDF." />
          ),
        },
      ]}
      notFoundText="This purchase order does not exist or was deleted."
      testId="purchase-order-page"
    />
  );
}
