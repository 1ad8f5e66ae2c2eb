/**
 * Purchase orders (`/purchase_orders`): number, vendor, derived status (Draft / Open / Received),
 * sent and received dates, line count and total; filtered by status and vendor, searched by vendor
 * name or number. "Suggested orders" (`?view=suggestions`) shows what to order and makes the
 * draft orders (suggested-orders.tsx).
 */
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useFilterBar } from '../../resource-kit/filters/filter-bar.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { recordHeading } from '../../resource-kit/records/record-headings.ts';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { PURCHASE_ORDER_STATUS_LABELS } from '@glazier/shared/resources/purchasing';
import type { PurchaseOrderStatus } from '@glazier/shared/rules/purchasing/purchase-order-line';
import { OrderStatusBadge } from './status-badges.tsx';
import { SuggestedOrders } from './suggested-orders.tsx';

const columns: Column<'purchase_orders'>[] = [
  { key: 'number', label: 'Number', sortable: true, render: recordHeading('purchase_orders').primary },
  { key: 'vendor_name', label: 'Vendor', sortable: true, beneathOnPhone: true, render: (o) => o.vendor_name ?? '' },
  { key: 'received_at', label: 'Status', beneathOnPhone: true, render: (o) => <OrderStatusBadge order={o} /> },
  { key: 'sent_at', label: 'Sent', sortable: true, visibleFrom: 'sm', render: (o) => formatDate(o.sent_at) },
  { key: 'actions', label: 'Received', visibleFrom: 'sm', render: (o) => formatDate(o.received_at) },
  { key: 'line_count', label: 'Lines', visibleFrom: 'md', render: (o) => String(o.line_count ?? 0) },
  { key: 'total', label: 'Total', sortable: true, render: (o) => formatMoney(o.total) },
];

const STATUS_OPTIONS = (Object.keys(PURCHASE_ORDER_STATUS_LABELS) as PurchaseOrderStatus[]).map((s) => ({ value: s, label: PURCHASE_ORDER_STATUS_LABELS[s] }));

function OrderList() {
  const navigate = useNavigate();
  const bar = useFilterBar({ status: null, vendor_id: null }, [
    { kind: 'choice', name: 'status', label: 'Status', placeholder: 'All statuses', options: STATUS_OPTIONS },
    { kind: 'record', name: 'vendor_id', label: 'Vendor', placeholder: 'All vendors', resource: 'vendors', query: { active: 'all' }, testId: 'vendor-filter' },
  ]);
  const { status, vendor_id: vendorId } = bar.values;
  return (
    <ResourceTable
      resource="purchase_orders"
      columns={columns}
      filters={{ status: status ?? undefined, vendor_id: vendorId ?? undefined }}
      onRowClick={(o) => void navigate(`/purchase_orders/${o.id}`)}
      rowLabel={(o) => `Open PO ${o.number}`}
      searchPlaceholder="Search vendor or number"
      emptyText="No purchase orders here."
      defaultSort={{ column: 'number', direction: 'desc' }}
      toolbar={bar.toolbar}
      testId="purchase-orders-table"
    />
  );
}

export function PurchaseOrdersPage() {
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'purchase_orders');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'suggestions' ? 'suggestions' : 'orders';
  const add = () => void navigate('/purchase_orders/create');
  useScreenAction('add', canEdit ? add : null);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Purchase Orders</ScreenTitle>
        {canEdit && (
          <Button component={Link} to="/purchase_orders/create" leftSection={<IconPlus size={16} />}>
            New Order
          </Button>
        )}
      </Group>
      <SegmentedControl
        w="fit-content"
        aria-label="View"
        value={view}
        onChange={(v) => setParams(v === 'suggestions' ? { view: v } : {}, { replace: true })}
        data={[
          { value: 'orders', label: 'Orders' },
          { value: 'suggestions', label: 'Suggested orders' },
        ]}
      />
      {view === 'orders' ? <OrderList /> : <SuggestedOrders canEdit={canEdit} />}
    </Stack>
  );
}
