/**
 * The To Order list's "Order Glass" button. The dialog's code (its vendor picker, the purchasing
 * action) is fetched when it is opened, not with the list.
 */
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import type { GlassPiece } from './order-glass-dialog.tsx';

/** "Order Glass" on the To Order list, for someone who may edit purchase orders: the dialog, then the order made. */
export function OrderGlassButton({ pieces }: { pieces: GlassPiece[] }) {
  const canOrder = useCan('edit', 'purchase_orders');
  const modals = useModals();
  const navigate = useNavigate();
  if (!canOrder || pieces.length === 0) return null;
  const order = async () => {
    const { openOrderGlassDialog } = await import('./order-glass-dialog.tsx');
    const made = await openOrderGlassDialog(modals, pieces);
    if (made) void navigate(`/purchase_orders/${made.id}`);
  };
  return (
    <Button variant="light" onClick={() => void order()}>
      Order Glass
    </Button>
  );
}
