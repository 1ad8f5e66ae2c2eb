/**
 * A report's table (analysis, forecasting): rows of figures a server call aggregated, with a
 * totals row, headers that say how each column is computed (a tooltip with its formula), sorting
 * (in the browser, or by the caller: `sort` + `onSort` for a server-sorted page), rows that open
 * something, and Export CSV of what it shows (or of every row, `exportRows`), worded as shown.
 *
 *   <ReportTable title="By client" rows={groups} columns={[{ key: 'label', label: 'Client', text: (g) => g.label },
 *     { key: 'revenue', label: 'Revenue', formula: FORMULAS.revenue, value: (g) => g.revenue, text: (g) => formatMoney(g.revenue) }]}
 *     totals={totals} csvName="profit-by-client" />
 */
import { toIsoDate } from '@glazier/shared/rules/dates';
import { ActionIcon, Button, Card, Group, ScrollArea, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { CardHeading } from '../../ui/card-heading.tsx';
import { IconArrowDown, IconArrowUp, IconDownload, IconInfoCircle, IconSelector } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { reportError } from '../forms/error-mapper.tsx';
import { csvText, downloadCsv } from '../transfer/csv-export.tsx';

export interface ReportColumn<R> {
  key: string;
  label: string;
  /** How it is computed, shown in the header's tooltip. */
  formula?: string;
  /** The cell as text (and in the CSV file). */
  text: (row: R) => string;
  /** What it sorts by (a figure); none: its text. */
  value?: (row: R) => number | string | null;
  /** A cell other than its text (a link); the CSV keeps the text. */
  render?: (row: R) => ReactNode;
  /** Figures are right-aligned. */
  numeric?: boolean;
  /** Hidden below this width (the CSV keeps it). */
  visibleFrom?: 'sm' | 'md';
  sortable?: boolean;
}

export interface ReportSort {
  column: string;
  direction: 'asc' | 'desc';
}

interface ReportTableProps<R> {
  title: string;
  /** A line under the title (what is counted). */
  description?: ReactNode;
  columns: ReportColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  /** The totals row (the first column shows "Total"). */
  totals?: R;
  /** The file's name, without the date and extension. */
  csvName: string;
  /** Every row for the CSV file when `rows` is a page of them. */
  exportRows?: () => Promise<R[]>;
  /** A row opens something (a job): its label for assistive technology. */
  onRowClick?: (row: R) => void;
  rowLabel?: (row: R) => string;
  /** Sorted by the caller (a server page); none: sorted here. */
  sort?: ReportSort;
  onSort?: (sort: ReportSort) => void;
  defaultSort?: ReportSort;
  emptyText?: string;
  /** Below the table (a pager, a note). */
  footer?: ReactNode;
  /** A long table scrolls within this height, its header kept in view. */
  maxHeight?: number;
  testId?: string;
}

/** The first column (a name) wraps, so the figures stay in view on a phone. */
const FIRST_CELL = { whiteSpace: 'normal', minWidth: 120 } as const;

function compare(a: number | string | null, b: number | string | null): number {
  if (a == null) return b == null ? 0 : 1;
  if (b == null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** A column's heading: sortable (ascending, descending), with how the figure is computed when it says. */
function ReportHeading<R>({ column: c, current, onToggle }: { column: ReportColumn<R>; current: ReportSort | undefined; onToggle: (column: string) => void }) {
  return (
    <Table.Th
      ta={c.numeric ? 'right' : undefined}
      visibleFrom={c.visibleFrom}
      aria-sort={current?.column === c.key ? (current.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Group gap={2} wrap="nowrap" justify={c.numeric ? 'flex-end' : 'flex-start'}>
        {c.sortable !== false ? (
          <UnstyledButton onClick={() => onToggle(c.key)} fw={600} fz="sm">
            <Group gap={2} wrap="nowrap">
              {c.label}
              {current?.column === c.key ? (
                current.direction === 'asc' ? (
                  <IconArrowUp size={12} />
                ) : (
                  <IconArrowDown size={12} />
                )
              ) : (
                <IconSelector size={12} opacity={0.4} />
              )}
            </Group>
          </UnstyledButton>
        ) : (
          <Text fw={600} fz="sm">
            {c.label}
          </Text>
        )}
        {c.formula && (
          <Tooltip label={c.formula} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
            <ActionIcon variant="subtle" color="gray" size={24} aria-label={`How ${c.label} is computed: ${c.formula}`}>
              <IconInfoCircle size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Table.Th>
  );
}

export function ReportTable<R>({
  title,
  description,
  columns,
  rows,
  rowKey,
  totals,
  csvName,
  exportRows,
  onRowClick,
  rowLabel,
  sort,
  onSort,
  defaultSort,
  emptyText = 'Nothing in this range.',
  footer,
  maxHeight,
  testId,
}: ReportTableProps<R>) {
  const [ownSort, setOwnSort] = useState<ReportSort | undefined>(defaultSort);
  const current = sort ?? ownSort;
  const sorted = useMemo(() => {
    if (onSort || !current) return rows;
    const col = columns.find((c) => c.key === current.column);
    if (!col) return rows;
    const by = col.value ?? col.text;
    const out = [...rows].sort((a, b) => compare(by(a), by(b)));
    return current.direction === 'desc' ? out.reverse() : out;
  }, [rows, columns, current, onSort]);

  const toggle = (column: string) => {
    const col = columns.find((c) => c.key === column);
    const next: ReportSort =
      current?.column === column ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { column, direction: col?.numeric ? 'desc' : 'asc' };
    if (onSort) onSort(next);
    else setOwnSort(next);
  };

  const exportCsv = async () => {
    try {
      const all = exportRows ? await exportRows() : sorted;
      const body = all.map((r) => columns.map((c) => c.text(r)));
      if (totals) body.push(columns.map((c, i) => (i === 0 ? 'Total' : c.text(totals))));
      downloadCsv(
        `${csvName}-${toIsoDate(new Date())}.csv`,
        csvText(
          columns.map((c) => c.label),
          body,
        ),
      );
    } catch (e) {
      reportError(e);
    }
  };

  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <CardHeading title={title} description={description} />
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} />}
            style={{ flexShrink: 0 }}
            onClick={() => void exportCsv()}
            disabled={rows.length === 0}
            aria-label={`Export ${title} as CSV`}
          >
            CSV
          </Button>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm" ta="center">
            {emptyText}
          </Text>
        ) : (
          <ScrollArea.Autosize type="auto" mah={maxHeight} offsetScrollbars="x">
            <Table
              striped
              highlightOnHover={Boolean(onRowClick)}
              stickyHeader={maxHeight !== undefined}
              verticalSpacing={4}
              fz="sm"
              style={{ whiteSpace: 'nowrap' }}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <ReportHeading key={c.key} column={c} current={current} onToggle={toggle} />
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sorted.map((r) => (
                  <Table.Tr
                    key={rowKey(r)}
                    data-testid="report-row"
                    style={onRowClick ? { cursor: 'pointer' } : undefined}
                    onClick={onRowClick ? () => onRowClick(r) : undefined}
                    onKeyDown={onRowClick ? (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onRowClick(r)) : undefined}
                    tabIndex={onRowClick ? 0 : undefined}
                    aria-label={onRowClick && rowLabel ? rowLabel(r) : undefined}
                  >
                    {columns.map((c, i) => (
                      <Table.Td
                        key={c.key}
                        ta={c.numeric ? 'right' : undefined}
                        visibleFrom={c.visibleFrom}
                        style={c.numeric ? { fontVariantNumeric: 'tabular-nums' } : i === 0 ? FIRST_CELL : undefined}
                      >
                        {c.render ? c.render(r) : c.text(r)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {totals && (
                <Table.Tfoot>
                  <Table.Tr data-testid="report-totals">
                    {columns.map((c, i) => (
                      <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} visibleFrom={c.visibleFrom} style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {i === 0 ? 'Total' : c.text(totals)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </ScrollArea.Autosize>
        )}
        {footer}
      </Stack>
    </Card>
  );
}
