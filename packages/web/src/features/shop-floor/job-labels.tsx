/**
 * What the shop floor's label screens share (one module, one chunk: a chunk of its own costs the
 * first screen its name): the labels of chosen job products, each with the QR code of its piece's
 * page (`/job_products/{id}/pieces/{n}`), the foot of a label choice (count, a way back, Print Labels),
 * and a cut list as the kit's tree rows.
 */
import type { FeatureFlags } from '@glazier/shared/rules/catalogue/series-features';
import { DEFAULT_INCLUSION, productLabels, type LabelledJob, type PrintInclusion } from '@glazier/shared/rules/shop-floor/job-labels';
import type { Label } from '@glazier/shared/rules/shop-floor/labels';
import type { RecordOf } from '@glazier/shared/resources/records';
import { appUrl } from '../../ui/labels.ts';
import { Button, Group, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CutListRow } from '@glazier/shared/rules/shop-floor/cut-list';
import { flattenTree, type FlatRow, type TreeNode } from '../../ui/tree-rows.ts';

/** The app path of a job product's page. */
export const jobProductPath = (id: number) => `/job_products/${id}`;
/** The app path of one piece's page (what its label's QR code opens). */
export const piecePath = (id: number, position: number) => `/job_products/${id}/pieces/${position}`;

/**
 * The labels of `products` in order, each of its job (by id), with what is let in for its series
 * (fabricated pieces of a product partly made are left out by default). The products are read
 * `with_pieces=true`, so a product's pieces marked apart come with it.
 */
export function jobProductLabels(
  products: readonly RecordOf<'job_products'>[],
  jobOf: (jobId: number) => LabelledJob | null | undefined,
  flagsOf: (seriesId: number | null) => FeatureFlags,
  includeOf: (seriesId: number | null) => PrintInclusion = () => DEFAULT_INCLUSION,
): Label[] {
  return products.flatMap((p) => productLabels(p, jobOf(p.job_id) ?? null, flagsOf(p.series_id), (n) => appUrl(piecePath(p.id, n)), includeOf(p.series_id)));
}

/** How many labels, as the screens say it. */
export const labelCount = (n: number) => (n === 1 ? '1 label' : `${n} labels`);

/** The foot of a label choice (Print Options, Print Labels across jobs): how many labels, a way back, Print Labels. */
export function PrintFooter({ count, back, onPrint }: { count: number; back: ReactNode; onPrint: () => void }) {
  return (
    <Group justify="space-between" gap="xs" mt="sm">
      <Text size="sm" data-testid="print-count">
        {labelCount(count)}
      </Text>
      <Group gap="xs">
        {back}
        <Button leftSection={<IconPrinter size={16} />} disabled={count === 0} onClick={onPrint}>
          Print Labels
        </Button>
      </Group>
    </Group>
  );
}

/** A cut list as the kit's tree rows, and back. */
export const cutListNodes = (rows: readonly CutListRow[]): TreeNode[] => rows.map((r) => ({ text: r.text, children: cutListNodes(r.sub_rows) }));
export const nodesCutList = (nodes: readonly TreeNode[]): CutListRow[] => nodes.map((n) => ({ text: n.text, sub_rows: nodesCutList(n.children) }));
/** The rows of a cut list for TreeView / TreeEditor. */
export const cutListFlatRows = (rows: readonly CutListRow[]): FlatRow[] => flattenTree(cutListNodes(rows));
