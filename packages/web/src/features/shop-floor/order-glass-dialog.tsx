/**
 * Order Glass (issue 36; docs/domain/purchasing.md, Glass cut to size): from the To Order list, the
 * pieces shown that are measured to cut become one draft order for the chosen vendor
 * (`purchase_orders.order_glass`): a line per piece with its cut size and thickness, by job. Pieces
 * not measured yet are listed, unticked and disabled, so nobody wonders where they went. Resolves
 * with the order made, or null.
 */
import { orderGlass } from '@glazier/shared/actions/purchasing';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formatQty } from '@glazier/shared/rules/money';
import { formatSize } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useLoader } from '../../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';

type JobProduct = RecordOf<'job_products'>;
type Order = RecordOf<'purchase_orders'>;
export interface GlassPiece {
  row: JobProduct;
  /** The job as the list heads it (its number, else its name). */
  job: string;
}

const measured = (r: JobProduct) => r.glass_width != null && r.glass_height != null;

function OrderGlassBody({ pieces }: { pieces: GlassPiece[] }) {
  const modal = useModal<Order>();
  const loader = useLoader();
  const queryClient = useQueryClient();
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(pieces.filter((p) => measured(p.row)).map((p) => p.row.id)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = pieces.filter((p) => chosen.has(p.row.id)).map((p) => p.row.id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const { data } = await loader.run(callAction(orderGlass, { body: { vendor_id: vendorId ?? 0, job_product_ids: ids } }));
      for (const name of ['job_products', 'purchase_orders', 'purchase_order_materials', 'materials'] as const) {
        void queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) });
      }
      modal.close(data);
    } catch (err) {
      // a piece's reason is under `job_product_ids.{i}`: shown beside that piece
      const found: Record<string, string> = {};
      reportError(err, {
        form: { fields: ['vendor_id', 'job_product_ids', ...ids.map((_, i) => `job_product_ids.${i}`)], setFieldError: (f, m) => (found[f] = m) },
      });
      setErrors(found);
    }
  };
  const reasonOf = (id: number) => errors[`job_product_ids.${ids.indexOf(id)}`];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <RecordPicker
          resource="vendors"
          label="Vendor"
          value={vendorId}
          onChange={(v) => (setVendorId(v), setErrors(({ vendor_id: _chosen, ...rest }) => rest))}
          error={errors.vendor_id}
          data-testid="order-glass-vendor"
        />
        <Stack gap={6} role="group" aria-label="Pieces to order">
          {pieces.length === 0 && <Text c="dimmed">No pieces on this page of the list.</Text>}
          {pieces.map(({ row, job }) => (
            <Checkbox
              key={row.id}
              disabled={!measured(row)}
              checked={chosen.has(row.id)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChosen((s) => {
                  const next = new Set(s);
                  if (on) next.add(row.id);
                  else next.delete(row.id);
                  return next;
                });
              }}
              label={`${job} · ${row.name || 'Product'} × ${formatQty(row.qty)}`}
              description={measured(row) ? `Glass ${formatSize(row.glass_width, row.glass_height)}` : 'Not measured yet'}
              error={reasonOf(row.id)}
            />
          ))}
        </Stack>
        {errors.job_product_ids && (
          <Text c="red" size="sm">
            {errors.job_product_ids}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modal.dismiss()}>
            Cancel
          </Button>
          <Button type="submit" disabled={ids.length === 0}>
            Order {ids.length} {ids.length === 1 ? 'piece' : 'pieces'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens Order Glass on the pieces the list shows; resolves with the draft order made, or null. */
export function openOrderGlassDialog(modals: ModalStackApi, pieces: GlassPiece[]): Promise<Order | null> {
  return modals.push<Order>(() => <OrderGlassBody pieces={pieces} />, { title: 'Order Glass', size: 'md', testId: 'order-glass-dialog' });
}
