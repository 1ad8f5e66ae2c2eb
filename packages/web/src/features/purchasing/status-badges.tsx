/** The order's derived status and a line's status, as badges (domain.md 4). */
import { PO_LINE_STATUS_LABELS } from '@glazier/shared/resources/inventory';
import { Badge } from '@mantine/core';
import { ORDER_STATUS_LABELS, orderStatus, type LineStatus, type OrderStatus } from './line-rules.ts';

/** A narrow phone column never cuts the word. */
const NO_CLIP = { label: { overflow: 'visible' } } as const;

const ORDER_COLORS: Record<OrderStatus, string> = { draft: 'gray', open: 'blue', received: 'green' };
const LINE_COLORS: Record<LineStatus, string> = { ordered: 'blue', received: 'green', backordered: 'orange' };

export function OrderStatusBadge({ order }: { order: { sent_at?: string | null; received_at?: string | null } }) {
  const status = orderStatus(order);
  return (
    <Badge color={ORDER_COLORS[status]} variant="light" styles={NO_CLIP} data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

export function LineStatusBadge({ status }: { status: LineStatus }) {
  return (
    <Badge color={LINE_COLORS[status]} variant="light" styles={NO_CLIP} data-testid="line-status">
      {PO_LINE_STATUS_LABELS[status]}
    </Badge>
  );
}
