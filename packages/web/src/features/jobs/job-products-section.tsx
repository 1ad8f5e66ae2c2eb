/**
 * A job's products: the table (product, series, qty, glass size, measured / ordered /
 * fabricated where the series has those steps, cost and revenue with `edit jobs_admin`), a row
 * opening the JobProduct dialog, and with `edit jobs` (a template's: and `edit jobs_admin`) Add Product
 * and Add from Series (JobProductsAddProducts: pick a series, give quantities for several of its
 * products, saved with one `store_many`). Used by the job screen and the job template screen (a
 * template is a job, so `jobId` may be a template's id).
 */
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { formatSize, formatSizes } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { hasProgressFlags, type FeatureFlags } from '@glazier/shared/rules/catalogue/series-features';
import { Box, Button, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconListDetails, IconListTree, IconPlus, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import { useList } from '../../resource-kit/records/queries.ts';
import { useSaveMany } from '../../resource-kit/writes/saves.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useQueryOffline } from '../../resource-kit/offline/offline.ts';
import { NoRows, OfflineAsOf } from '../../resource-kit/offline/offline-state.tsx';
import { openAreaDialog } from '../../resource-kit/forms/area-dialogs.ts';
import { useSeriesFlags } from '../../resource-kit/records/series-flags.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { QtyField } from '../../ui/fields.tsx';
import { usePrepareLabels } from '../../ui/labels.ts';
import { useLoader } from '../../ui/loader.tsx';
import { ModalList } from '../../ui/modal-list.tsx';
import { useModal, useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { productLabel } from '@glazier/shared/rules/catalogue/product-label';
import { countCutListRows as countRows } from '@glazier/shared/rules/shop-floor/cut-list';
import type { JobProductDialogOptions } from './job-product-dialog.tsx';

/** The product dialog, fetched when opened (not with the job page). */
const openJobProductDialog = async (modals: ModalStackApi, options: JobProductDialogOptions) =>
  (await import('./job-product-dialog.tsx')).openJobProductDialog(modals, options);

type JobProduct = RecordOf<'job_products'>;

const PROGRESS = [
  ['is_measured', 'enable_measured', 'M', 'Measured'],
  ['is_ordered', 'enable_ordered', 'O', 'Ordered'],
  ['is_fabricated', 'enable_fabricated', 'F', 'Fabricated'],
] as const;

/** A done step's colour: the theme's AA-contrast teal text (as on light badges), in both schemes. */
const DONE_COLOR = 'var(--mantine-color-teal-light-color)';

/** M O F: a letter when done, a dot when not; a blank slot where the series has no such step. */
function ProgressLetters({ product, flags }: { product: JobProduct; flags: FeatureFlags }) {
  return (
    <Group gap={6} wrap="nowrap">
      {PROGRESS.map(([field, flag, letter, word]) => {
        const on = product[field];
        return (
          <Text
            key={field}
            component="span"
            fz="xs"
            fw={700}
            w="1ch"
            c={on ? DONE_COLOR : 'dimmed'}
            title={flags[flag] ? `${word}: ${on ? 'yes' : 'no'}` : undefined}
          >
            {flags[flag] ? (on ? letter : '·') : ''}
          </Text>
        );
      })}
    </Group>
  );
}

/** 35 1/2" × 72", with a dash for a side not measured yet; with the site opening before it when there is one (measure-to-cut). */
const glassSize = (p: JobProduct) => (p.opening_width != null || p.opening_height != null ? formatSizes(p) : formatSize(p.glass_width, p.glass_height));

/** The Glass column: the glass size, and under it the site opening it was cut from (measure-to-cut); each on one line. */
function GlassCell({ product: p }: { product: JobProduct }) {
  const opening = formatSize(p.opening_width, p.opening_height);
  return (
    <>
      <Text component="div" fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatSize(p.glass_width, p.glass_height)}
      </Text>
      {opening && (
        <Text component="div" fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          opening {opening}
        </Text>
      )}
    </>
  );
}

/**
 * The phone's line under a product: the steps the series has, in words, each ticked when done
 * ("✓ Measured  ◌ Ordered").
 */
function ProgressWords({ product, flags }: { product: JobProduct; flags: FeatureFlags }) {
  return (
    <Group gap={8} wrap="wrap" data-testid="job-product-progress">
      {PROGRESS.filter(([, flag]) => flags[flag]).map(([field, , , word]) => {
        const on = product[field];
        const Icon = on ? IconCircleCheck : IconCircleDashed;
        return (
          <Group key={field} gap={2} wrap="nowrap" c={on ? DONE_COLOR : 'dimmed'}>
            <Icon size={13} aria-hidden />
            <Text component="span" fz="xs" fw={on ? 600 : 400} c="inherit">
              {word}
              {/* The state is in the words too, not in the icon and colour alone. */}
              <VisuallyHidden>{on ? ' (done)' : ' (not done)'}</VisuallyHidden>
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}

/** Under the product's name on a phone: its glass size and its steps, when it has either. */
function PhoneLine({ product, flags }: { product: JobProduct; flags: FeatureFlags }) {
  const size = glassSize(product);
  const steps = hasProgressFlags(flags);
  if (!size && !steps) return null;
  return (
    <Stack gap={2} hiddenFrom="xs" data-testid="job-product-phone-line">
      {size && (
        <Text fz="xs" c="dimmed">
          {size}
        </Text>
      )}
      {steps && <ProgressWords product={product} flags={flags} />}
    </Stack>
  );
}

/** Opens the product's cut list (shop floor's Cut List dialog): its row count, or "Add" when it may. */
function CutListButton({ product, readOnly }: { product: JobProduct; readOnly: boolean }) {
  const modals = useModals();
  const count = Array.isArray(product.cut_list_json) ? countRows(product.cut_list_json) : 0;
  return (
    <UnstyledButton
      fz="xs"
      c="var(--mantine-color-anchor)"
      mt={2}
      style={{ display: 'flex', alignItems: 'center', gap: 4, width: 'fit-content', minHeight: 24 }}
      onClick={(e) => {
        e.stopPropagation();
        void openAreaDialog(modals, 'cutList', { jobProduct: product, readOnly });
      }}
      data-testid="cut-list-button"
    >
      <IconListTree size={13} aria-hidden />
      {count ? `Cut list (${count} ${count === 1 ? 'row' : 'rows'})` : 'Cut list'}
    </UnstyledButton>
  );
}

interface SectionProps {
  jobId: number;
  /** No Add buttons (a job in the trash). */
  readOnly?: boolean;
  /** Whose products these are, for the empty list's text: a job's, or a job template's. */
  owner?: 'job' | 'template';
}

export function JobProductsSection({ jobId, readOnly = false, owner = 'job' }: SectionProps) {
  const modals = useModals();
  const ofTemplate = owner === 'template';
  const canAdmin = useCan('edit', 'jobs_admin');
  // A template's products are changed as the template is, with edit jobs_admin too (server: areas/jobs/job-products-hooks.ts).
  const canEdit = useCan('edit', 'jobs') && (!ofTemplate || canAdmin) && !readOnly;
  const products = useList('job_products', { job_id: jobId, sort_column: 'sort' });
  const series = useList('series');
  const flagsOfSeries = useSeriesFlags();
  const seriesName = (id: number | null) => series.data?.find((s) => s.id === id)?.name ?? '';
  const rows = products.data ?? [];
  const offline = useQueryOffline(products);
  const open = (p: JobProduct) => void openJobProductDialog(modals, { record: p, ofTemplate });
  const prepareLabels = usePrepareLabels();
  const printLabels = async () => {
    const labels = await openAreaDialog(modals, 'jobPrintOptions', { jobId });
    if (labels) prepareLabels(labels);
  };

  return (
    <Stack gap="xs" data-testid="job-products">
      {(canEdit || (!ofTemplate && rows.length > 0)) && (
        <Group justify="flex-end" gap="xs">
          {/* Labels of the job's pieces and cut lists (shop floor: Print Options); a template has no pieces to label. */}
          {!ofTemplate && rows.length > 0 && (
            <Button size="xs" variant="light" leftSection={<IconTags size={14} />} onClick={() => void printLabels()} mr="auto">
              Print Labels
            </Button>
          )}
          {canEdit && (
            <>
              <Button size="xs" variant="light" leftSection={<IconListDetails size={14} />} onClick={() => void openAddProductsDialog(modals, jobId)}>
                Add from Series
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => void openJobProductDialog(modals, { initial: { job_id: jobId }, ofTemplate })}
              >
                Add Product
              </Button>
            </>
          )}
        </Group>
      )}
      {products.isError && !products.data && !offline && <Text c="red">Could not load the products.</Text>}
      <OfflineAsOf query={products} />
      {(products.data || offline) && rows.length === 0 && (
        <NoRows query={products} ta="center" py="lg" empty={`No products on this ${owner} yet.`} what="The products" />
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={6} striped="even" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th visibleFrom="sm">Series</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th visibleFrom="xs">Glass</Table.Th>
                <Table.Th visibleFrom="xs">M O F</Table.Th>
                {canAdmin && (
                  <Table.Th ta="right" visibleFrom="md">
                    Cost
                  </Table.Th>
                )}
                {canAdmin && (
                  <Table.Th ta="right" visibleFrom="md">
                    Revenue
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id} onClick={() => open(p)} style={{ cursor: 'pointer' }} data-testid="job-product-row">
                  <Table.Td>
                    <UnstyledButton
                      fz="sm"
                      fw={500}
                      style={{ textAlign: 'left' }}
                      onClick={(e) => {
                        e.stopPropagation();
                        open(p);
                      }}
                    >
                      {p.name || 'Product'}
                    </UnstyledButton>
                    {/* the phone has no Glass and M O F columns: the size and the series' steps go under the name */}
                    <PhoneLine product={p} flags={flagsOfSeries(p.series_id)} />
                    {p.note && (
                      <Text fz="xs" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
                        {p.note}
                      </Text>
                    )}
                    {flagsOfSeries(p.series_id).enable_cutlist && <CutListButton product={p} readOnly={readOnly || (ofTemplate && !canAdmin)} />}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{seriesName(p.series_id)}</Table.Td>
                  <Table.Td ta="right">{formatQty(p.qty)}</Table.Td>
                  <Table.Td visibleFrom="xs">
                    <GlassCell product={p} />
                  </Table.Td>
                  <Table.Td visibleFrom="xs">
                    <ProgressLetters product={p} flags={flagsOfSeries(p.series_id)} />
                  </Table.Td>
                  {canAdmin && (
                    <Table.Td ta="right" visibleFrom="md">
                      {formatMoney(p.cost)}
                    </Table.Td>
                  )}
                  {canAdmin && (
                    <Table.Td ta="right" visibleFrom="md">
                      {formatMoney(p.revenue)}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** JobProductsAddProducts: a series, then quantities for several of its products, saved together. */
function AddProductsForm({ jobId }: { jobId: number }) {
  const modal = useModal<JobProduct[]>();
  const loader = useLoader();
  const saveMany = useSaveMany('job_products');
  const [seriesId, setSeriesId] = useState<number | null>(null);
  const [qtys, setQtys] = useState<Record<number, number | null>>({});
  const [error, setError] = useState<string | null>(null);
  const products = useList('products', { series_id: seriesId ?? undefined }, { enabled: seriesId != null });

  const submit = async (e?: React.FormEvent) => {
    e?.preventDefault();
    const lines: InputOf<'job_products'>[] = Object.entries(qtys)
      .filter(([, q]) => q != null && q > 0)
      .map(([productId, qty]) => ({ job_id: jobId, product_id: Number(productId), qty: qty! }) as InputOf<'job_products'>);
    if (lines.length === 0) {
      setError('Enter a quantity for at least one product.');
      return;
    }
    try {
      const saved = await loader.run(saveMany.mutateAsync(lines));
      reportSuccess(saved.length === 1 ? '1 product added.' : `${saved.length} products added.`);
      modal.close(saved);
    } catch (err) {
      reportError(err);
    }
  };

  return (
    <DialogForm onSubmit={(e) => void submit(e)} footer={<DialogActions saveLabel="Add Products" />}>
      <RecordPicker
        resource="series"
        label="Series"
        value={seriesId}
        onChange={(id) => {
          setSeriesId(id);
          setQtys({});
          setError(null);
        }}
        autoFocus
        data-testid="add-products-series"
      />
      {seriesId != null && products.data && products.data.length === 0 && (
        <Text size="sm" c="dimmed">
          This series has no products.
        </Text>
      )}
      {products.data && products.data.length > 0 && seriesId != null && (
        <ModalList label="Products of the series">
          <Stack gap={6} data-testid="add-products-list">
            {products.data.map((p) => (
              <Group key={p.id} gap="sm" wrap="nowrap" justify="space-between">
                <Box style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={500}>
                    {productLabel(p)}
                  </Text>
                  {p.unit && (
                    <Text fz="xs" c="dimmed">
                      {p.unit}
                    </Text>
                  )}
                </Box>
                <QtyField
                  aria-label={`Qty of ${p.name}`}
                  w={90}
                  bounds={fieldBounds('job_products', 'qty')}
                  value={qtys[p.id] ?? null}
                  onChange={(n) => {
                    setQtys((q) => ({ ...q, [p.id]: n }));
                    setError(null);
                  }}
                />
              </Group>
            ))}
          </Stack>
        </ModalList>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </DialogForm>
  );
}

export function openAddProductsDialog(modals: ModalStackApi, jobId: number): Promise<JobProduct[] | null> {
  return modals.push<JobProduct[]>(() => <AddProductsForm jobId={jobId} />, { title: 'Add Products', testId: 'add-products-dialog', size: 'lg' });
}
