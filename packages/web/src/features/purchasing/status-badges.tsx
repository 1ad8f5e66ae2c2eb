/** The order's derived status and a line's status, as badges (docs/domain/purchasing.md, Orders). */
import { PO_LINE_STATUS_LABELS, PURCHASE_ORDER_STATUS_LABELS } from '@glazier/shared/resources/purchasing';
import { Badge } from '@mantine/core';
import { purchaseOrderStatus, type PoLineStatus, type PurchaseOrderStatus } from '@glazier/shared/rules/purchasing/purchase-order-line';

/** A line received (its labels can be printed: received-labels.tsx). */
export const isReceived = (line: { status?: string | null }) => line.status === 'received';

/** A narrow phone column never cuts the word. */
const NO_CLIP = { label: { overflow: 'visible' } } as const;

const ORDER_COLORS: Record<PurchaseOrderStatus, string> = { draft: 'gray', open: 'blue', received: 'green' };
const LINE_COLORS: Record<PoLineStatus, string> = { ordered: 'blue', received: 'green', backordered: 'orange' };

export function OrderStatusBadge({ order }: { order: { sent_at?: string | null; received_at?: string | null } }) {
  const status = purchaseOrderStatus(order);
  return (
    <Badge color={ORDER_COLORS[status]} variant="light" styles={NO_CLIP} data-testid="order-status">
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

export function LineStatusBadge({ status }: { status: PoLineStatus }) {
  return (
    <Badge color={LINE_COLORS[status]} variant="light" styles={NO_CLIP} data-testid="line-status">
      {PO_LINE_STATUS_LABELS[status]}
    </Badge>
  );
}
