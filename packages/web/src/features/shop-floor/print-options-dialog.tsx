/**
 * Print Options for a job (docs/domain/shop-floor.md, Labels): the job's products by series, in a table
 * of PRINT (a series' box selects or clears all of it), M and F (measured / fabricated), PRODUCT,
 * QTY and NOTES. Only a product with something to print can be chosen (cut-list rows where its
 * series enables cutlist, a glass width where it enables dimensions); any other shows a disabled
 * box labelled "No Cutlist Info". Chosen at first: the printable products that are measured (where
 * the series measures) and not yet fabricated (shared/rules/shop-floor/job-labels.ts). A product
 * partly through a step (its pieces marked apart) says how far under its name: "1 of 2 fabricated"
 *. Print Labels prepares their labels and opens `/print`.
 */
import { countProductLabels, includedForPrint, jobHeading, printSource } from '@glazier/shared/rules/shop-floor/job-labels';
import { formatQty } from '@glazier/shared/rules/money';
import { PIECE_STEPS, PIECE_STEP_WORDS, partProgress, piecesOf, type PieceState } from '@glazier/shared/rules/shop-floor/pieces';
import { Button, Stack, Table, Text } from '@mantine/core';
import type { Label } from '@glazier/shared/rules/shop-floor/labels';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { AreaDialogOptions } from '../../resource-kit/forms/area-dialogs.ts';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useSeriesFlags } from '../../resource-kit/records/series-flags.ts';
import { CheckField } from '../../ui/check-field.tsx';
import { ModalList } from '../../ui/modal-list.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { PrintFooter, jobProductLabels } from './job-labels.tsx';

type JobProduct = RecordOf<'job_products'>;

function Flag({ on, word }: { on: boolean; word: string }) {
  return on ? (
    <IconCheck size={16} aria-label={word} color="var(--mantine-color-teal-light-color)" />
  ) : (
    <Text span c="dimmed" aria-label={`Not ${word.toLowerCase()}`}>
      ·
    </Text>
  );
}

function PrintOptions({ jobId }: AreaDialogOptions['jobPrintOptions']) {
  const modal = useModal<Label[]>();
  const job = useRecord('jobs', jobId);
  // With its pieces marked apart: those already fabricated print no label by default (job-labels.ts).
  const products = useList('job_products', { job_id: jobId, sort_column: 'sort', with_pieces: true });
  const series = useList('series');
  const flagsOf = useSeriesFlags();
  const rows = products.data ?? [];
  const ready = Boolean(products.data && series.data && job.data);
  // Chosen by default until the person changes a box (docs/domain/shop-floor.md, Labels: unmeasured and fabricated left out).
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const chosen = picked ?? new Set(rows.filter((p) => includedForPrint(p, flagsOf(p.series_id))).map((p) => p.id));
  const printable = (p: JobProduct) => printSource(p, flagsOf(p.series_id)) != null;
  /** How far a product partly made is, by the steps its series has ("1 of 2 fabricated"); '' when none is partly done. */
  const progressOf = (p: JobProduct) => {
    const flags = flagsOf(p.series_id);
    const pieces = piecesOf(p, flags, (p as JobProduct & { pieces?: PieceState[] }).pieces);
    return PIECE_STEPS.filter((step) => flags[PIECE_STEP_WORDS[step].flag])
      .map((step) => partProgress(pieces, step))
      .filter(Boolean)
      .join(' · ');
  };

  const groups = [...new Set(rows.map((p) => p.series_id))].map((id) => ({
    id,
    name: series.data?.find((s) => s.id === id)?.name ?? 'No series',
    products: rows.filter((p) => p.series_id === id),
  }));
  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setPicked(next);
  };
  // Why a printable product starts unchosen, said once under the table (the M and F columns show which).
  const leftOut = picked == null && rows.some((p) => printable(p) && !chosen.has(p.id));
  const selected = rows.filter((p) => chosen.has(p.id));
  const count = selected.reduce((n, p) => n + countProductLabels(p, flagsOf(p.series_id)), 0);
  const print = () => {
    const jobRec = job.data ?? null;
    modal.close(jobProductLabels(selected, () => jobRec, flagsOf));
  };

  if (!ready) return <Text c="dimmed">Loading…</Text>;
  return (
    <Stack gap="sm">
      <Text fw={600}>Job {jobHeading(job.data)}</Text>
      {rows.length === 0 && <Text c="dimmed">This job has no products.</Text>}
      <ModalList label="Products to print">
        <Table verticalSpacing={4} data-testid="print-options">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={84}>PRINT</Table.Th>
              <Table.Th w={28} title="Measured">
                M
              </Table.Th>
              <Table.Th w={28} title="Fabricated">
                F
              </Table.Th>
              <Table.Th>PRODUCT</Table.Th>
              <Table.Th ta="right">QTY</Table.Th>
              <Table.Th visibleFrom="sm">NOTES</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((g) => {
              const ids = g.products.filter(printable).map((p) => p.id);
              const on = ids.filter((id) => chosen.has(id)).length;
              return [
                <Table.Tr key={`series-${g.id}`} bg="var(--mantine-color-default-hover)" data-testid="print-series">
                  <Table.Td>
                    <CheckField
                      aria-label={`Print all of ${g.name}`}
                      checked={ids.length > 0 && on === ids.length}
                      indeterminate={on > 0 && on < ids.length}
                      disabled={ids.length === 0}
                      onChange={(e) => toggle(ids, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td colSpan={5}>
                    <Text fw={700} size="sm">
                      {g.name}
                    </Text>
                  </Table.Td>
                </Table.Tr>,
                ...g.products.map((p) => {
                  const can = printable(p);
                  return (
                    <Table.Tr key={p.id} data-testid="print-product">
                      <Table.Td>
                        {can ? (
                          <CheckField aria-label={`Print ${p.name}`} checked={chosen.has(p.id)} onChange={(e) => toggle([p.id], e.currentTarget.checked)} />
                        ) : (
                          <CheckField
                            disabled
                            checked={false}
                            onChange={() => undefined}
                            label="No Cutlist Info"
                            size="xs"
                            styles={{ label: { fontSize: 10, lineHeight: 1.15, paddingInlineStart: 6 } }}
                          />
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Flag on={p.is_measured} word="Measured" />
                      </Table.Td>
                      <Table.Td>
                        <Flag on={p.is_fabricated} word="Fabricated" />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{p.name || 'Product'}</Text>
                        {progressOf(p) && (
                          <Text size="xs" c="dimmed" data-testid="print-progress">
                            {progressOf(p)}
                          </Text>
                        )}
                        {p.note && (
                          <Text size="xs" c="dimmed" hiddenFrom="sm" lineClamp={2}>
                            {p.note}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatQty(p.qty)}</Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text size="xs" lineClamp={2}>
                          {p.note}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                }),
              ];
            })}
          </Table.Tbody>
        </Table>
      </ModalList>
      {leftOut && (
        <Text size="xs" c="dimmed" data-testid="print-left-out">
          Products not measured yet, or already fabricated, are left out at first; tick them to print their labels too.
        </Text>
      )}
      <PrintFooter
        count={count}
        onPrint={print}
        back={
          <Button variant="default" onClick={() => modal.dismiss()}>
            Cancel
          </Button>
        }
      />
    </Stack>
  );
}

/** Resolves with the labels to print (the caller prepares them: ui/labels.ts), or null. */
export function openPrintOptionsDialog(modals: ModalStackApi, options: AreaDialogOptions['jobPrintOptions']): Promise<Label[] | null> {
  return modals.push<Label[]>(() => <PrintOptions {...options} />, { title: 'Print Options', testId: 'print-options-dialog', size: 'xl' });
}
