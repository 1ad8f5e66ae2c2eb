/**
 * Order Glass (docs/domain/purchasing.md, Glass cut to size): from the To Order list, the
 * pieces shown whose series orders glass (names its "Glass to order") become one draft order for
 * the chosen vendor (`purchase_orders.order_glass`): a line per piece with its cut size and
 * thickness, by job. Nothing is ticked at first (Select all, Select none, or a job's box);
 * a piece that cannot be ordered is listed disabled with its reason (the server's own,
 * rules/purchasing/glass-order.ts); before lines the vendor has no price for, the person is asked
 * to go on (lines at $0) or go back. Resolves with the order made, or null.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formatQty } from '@glazier/shared/rules/money';
import { glassOrderRefusal, ordersGlass, unpricedFrom } from '@glazier/shared/rules/purchasing/glass-order';
import { formatSize } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { fetchList } from '../../resource-kit/records/queries.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';

type JobProduct = RecordOf<'job_products'>;
type Order = RecordOf<'purchase_orders'>;
export interface GlassPiece {
  row: JobProduct;
  /** The job as the list heads it (its number, else its name). */
  job: string;
  /** The product's series (what glass it orders), when known. */
  series: RecordOf<'series'> | undefined;
}

const pieceName = ({ row, job }: GlassPiece) => `${job} · ${row.name || 'Product'}`;

/** The pieces by job, in the list's order (a job's pieces are together there). */
function byJob(pieces: GlassPiece[]): { job: string; pieces: GlassPiece[] }[] {
  const groups: { job: string; pieces: GlassPiece[] }[] = [];
  for (const p of pieces) {
    const last = groups.at(-1);
    if (last && last.job === p.job) last.pieces.push(p);
    else groups.push({ job: p.job, pieces: [p] });
  }
  return groups;
}

/** The chosen pieces the vendor has no price for (their lines would be $0); none when its prices cannot be read. */
async function unpricedOf(vendorId: number, chosen: GlassPiece[]): Promise<GlassPiece[]> {
  const materials = [...new Set(chosen.map((p) => p.series!.glass_material_id!))];
  const listings = await fetchList('vendor_materials', { vendor_id: vendorId, material_id_list: materials }).catch(() => null);
  return listings ? chosen.filter((p) => unpricedFrom(listings, p.series!.glass_material_id!)) : [];
}

function OrderGlassBody({ pieces }: { pieces: GlassPiece[] }) {
  const modal = useModal<Order>();
  const loader = useLoader();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [vendor, setVendor] = useState<{ id: number; name: string } | null>(null);
  // Only pieces whose series orders glass (not rollers or towel bars); nothing ticked at first.
  const listed = pieces.filter((p) => ordersGlass(p.series));
  const refusalOf = (p: GlassPiece) => glassOrderRefusal(p.row, p.series);
  const orderable = listed.filter((p) => !refusalOf(p)).map((p) => p.row.id);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const picked = listed.filter((p) => chosen.has(p.row.id));
  const ids = picked.map((p) => p.row.id);
  const choose = (of: number[], on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      for (const id of of) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const unpriced = vendor ? await loader.run(unpricedOf(vendor.id, picked)) : [];
    if (
      unpriced.length > 0 &&
      !(await dialogs.confirm(
        <Stack gap="xs" data-testid="order-glass-unpriced">
          <Text>
            {vendor!.name} has no price for the glass of {unpriced.length === 1 ? 'this piece' : `these ${unpriced.length} pieces`}: their lines will be $0
            until a price is entered on the order.
          </Text>
          <List size="sm">
            {unpriced.map((p) => (
              <List.Item key={p.row.id}>{pieceName(p)}</List.Item>
            ))}
          </List>
        </Stack>,
        { title: 'Lines at $0', confirmLabel: 'Order anyway', cancelLabel: 'Go back' },
      ))
    )
      return;
    try {
      const { data } = await loader.run(
        callAction(ACTION_ROUTES['purchase_orders.order_glass'], { body: { vendor_id: vendor?.id ?? 0, job_product_ids: ids } }),
      );
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
          value={vendor?.id ?? null}
          onChange={(id, record) => (
            setVendor(id == null ? null : { id, name: record?.name ?? 'This vendor' }),
            setErrors(({ vendor_id: _chosen, ...rest }) => rest)
          )}
          error={errors.vendor_id}
          data-testid="order-glass-vendor"
        />
        {listed.length === 0 ? (
          <Text c="dimmed" data-testid="order-glass-none">
            No piece on this page is in a series that orders glass. A series orders its glass once it names its &ldquo;Glass to order&rdquo; (Catalogue, the
            series&rsquo; dialog).
          </Text>
        ) : (
          <Group gap="xs">
            <Button size="xs" variant="light" disabled={orderable.length === 0} onClick={() => choose(orderable, true)}>
              Select all
            </Button>
            <Button size="xs" variant="default" disabled={ids.length === 0} onClick={() => setChosen(new Set())}>
              Select none
            </Button>
          </Group>
        )}
        {byJob(listed).map((g) => {
          const ofJob = g.pieces.filter((p) => !refusalOf(p)).map((p) => p.row.id);
          const on = ofJob.filter((id) => chosen.has(id)).length;
          return (
            <Stack key={`${g.job}-${g.pieces[0]!.row.id}`} gap={6} role="group" aria-label={`Pieces of ${g.job}`}>
              <Checkbox
                label={<Text fw={600}>{g.job}</Text>}
                aria-label={`All of ${g.job}`}
                checked={ofJob.length > 0 && on === ofJob.length}
                indeterminate={on > 0 && on < ofJob.length}
                disabled={ofJob.length === 0}
                onChange={(e) => choose(ofJob, e.currentTarget.checked)}
              />
              {g.pieces.map((p) => {
                const refusal = refusalOf(p);
                return (
                  <Checkbox
                    key={p.row.id}
                    ml="lg"
                    disabled={refusal != null}
                    checked={chosen.has(p.row.id)}
                    onChange={(e) => choose([p.row.id], e.currentTarget.checked)}
                    aria-label={`${pieceName(p)} × ${formatQty(p.row.qty)}`}
                    label={`${p.row.name || 'Product'} × ${formatQty(p.row.qty)}`}
                    description={refusal ?? `Glass ${formatSize(p.row.glass_width, p.row.glass_height)}`}
                    error={reasonOf(p.row.id)}
                  />
                );
              })}
            </Stack>
          );
        })}
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
