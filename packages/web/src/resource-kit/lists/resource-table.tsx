/**
 * A searchable, sortable, paginated table over one resource (server-side paging).
 *
 *   const columns: Column<'clients'>[] = [{ key: 'name', label: 'Name', sortable: true }];
 *   <ResourceTable resource="clients" columns={columns}
 *     onRowClick={(client) => openClient(client)} emptyText="No clients yet." />
 *
 * Typed by the resource: a column's key is one of its fields, `render` and `onRowClick` get its
 * `RecordOf`.
 *
 * A resource without search fields (a stock history) shows no search box.
 * Columns can hide on small screens (`visibleFrom: 'sm'`), or move beneath the first column's text
 * on phones (`beneathOnPhone`: a status badge, a vendor), so no list scrolls sideways at 390 px.
 * Rows of inactive records (`active: false`) are dimmed.
 * Rows are buttons for the keyboard (Tab to a row, Enter opens it).
 * Offline it says "You are offline." instead of the empty text, and over a cached copy it says
 * from when that copy is.
 * Its page, search and sort live in the address (list-state.tsx): Back from a row's screen returns
 * to the same rows; the screen keeps its filters there too (`useListFilters`).
 */
import { DEFAULT_PER_PAGE, type SortDirection } from '@glazier/shared/api';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { Alert, Center, Group, Skeleton, Stack, Table, Text, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconCloudOff, IconSearch, IconSelector } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useDelayedFlag } from '../../ui/loader.tsx';
import { Pager } from '../../ui/pager.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { fieldText } from '../forms/field-text.ts';
import type { Query } from '../http/http.ts';
import { usePage } from '../records/queries.ts';
import type { FieldName, RecordOf } from '@glazier/shared/resources/records';
import type { Rec } from '../records/records.ts';
import { useListState, type ListSort } from './list-state.tsx';
import { useSearchText } from './use-search-text.ts';
import { OFFLINE_MESSAGE, offlineCopyMessage, useQueryOffline } from '../offline/offline.ts';
import { TableDataMenu } from '../transfer/table-data-menu.tsx';
import type { TransferColumn } from '../transfer/transfer-column.ts';

/** What a column can show and sort by: a field, or a timestamp every record has (the trash's `deleted_at`). */
export type ColumnKey<N extends ResourceName> = FieldName<N> | 'created_at' | 'updated_at' | 'deleted_at';

interface ColumnBase {
  label: string;
  sortable?: boolean;
  visibleFrom?: MantineBreakpoint;
  /**
   * Below `sm` the column has no column of its own: its content goes beneath the first column's,
   * as a phone card does (badges side by side, text on a line of its own).
   */
  beneathOnPhone?: boolean;
  width?: number | string;
}

/**
 * A column of resource `N`'s table: a field (shown as its kind reads, field-text.ts: money, dates,
 * lengths as `35 7/16"`; or by `render`), or a column drawn only by `render` under a name of its
 * own (`actions` for row buttons, a badge of something the API adds to the rows).
 */
export type Column<N extends ResourceName> = ColumnBase & {
  /** How the CSV export words the cell when `render` draws something of its own (a badge, a list). */
  text?: (row: RecordOf<N>) => string;
} & ({ key: ColumnKey<N>; render?: (row: RecordOf<N>) => ReactNode } | { key: string; render: (row: RecordOf<N>) => ReactNode });

export interface ResourceTableProps<N extends ResourceName> {
  resource: N;
  columns: Column<N>[];
  filters?: Query;
  perPage?: number;
  onRowClick?: (row: RecordOf<N>) => void;
  /** A row's React key, when ids alone do not tell rows apart (a list of two kinds of record). */
  rowKey?: (row: RecordOf<N>) => string | number;
  /** Accessible name of a row's button (default: the first column's text). */
  rowLabel?: (row: RecordOf<N>) => string;
  searchPlaceholder?: string;
  emptyText?: ReactNode;
  /** Controls shown to the right of the search box. */
  toolbar?: ReactNode;
  defaultSort?: { column: ColumnKey<N>; direction: SortDirection };
  testId?: string;
  /**
   * Other resources its rows are computed from (a material's on hand from its transactions): a live
   * notice of theirs refreshes the table too (records/records.ts, `liveOn`).
   */
  liveOn?: readonly ResourceName[];
}

/** A field of any resource's record, by name (for what every table does alike). */
const field = (row: Rec, key: string) => row[key];

/** A column's heading: a sortable one is a button that sorts by it (ascending, descending, then not). */
function SortHeader({ column: c, sort, onSort }: { column: ColumnBase & { key: string }; sort: ListSort | null; onSort: (column: string) => void }) {
  if (!c.sortable) return c.label;
  const Icon = sort?.column !== c.key ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton onClick={() => onSort(c.key)} fw={600} fz="sm" aria-label={`Sort by ${c.label}`}>
      <Group gap={4} wrap="nowrap">
        {c.label}
        <Icon size={14} stroke={1.5} />
      </Group>
    </UnstyledButton>
  );
}

export function ResourceTable<N extends ResourceName>(props: ResourceTableProps<N>) {
  const { resource, columns, perPage = DEFAULT_PER_PAGE, onRowClick } = props;
  const list = useListState(props.defaultSort ?? null);
  const { page: pageNo, sort } = list;
  const { text, type } = useSearchText(list);
  const [search] = useDebouncedValue(list.search, 300);
  const latest = useRef(list);
  latest.current = list;

  // What the list shows, any page: the export menu writes all of it.
  const query = { search: search || undefined, sort_column: sort?.column, sort_direction: sort?.direction, ...props.filters };
  const page = usePage(resource, { page: pageNo, per_page: perPage, ...query }, props.liveOn ? { meta: { liveOn: props.liveOn } } : {});
  const rows = page.data?.data ?? [];
  const offline = useQueryOffline(page);
  const showSkeleton = useDelayedFlag(page.isLoading) && !offline;
  const lastPage = page.data?.last_page ?? 1;
  const searchable = RESOURCES[resource].search.length > 0;

  const toggleSort = (column: string) =>
    list.setSort(sort?.column !== column ? { column, direction: 'asc' } : sort.direction === 'asc' ? { column, direction: 'desc' } : null);
  // A page past the last (a bookmark of a list that has since shrunk) shows the last one.
  const pastEnd = Boolean(page.data && !page.isPlaceholderData && pageNo > page.data.last_page && page.data.total > 0);
  useEffect(() => {
    if (pastEnd) latest.current.setPage(lastPage, { replace: true });
  }, [pastEnd, lastPage]);

  // A column moved beneath the first on phones shows from `sm` (or from its own, larger breakpoint).
  const shownFrom = (c: Column<N>) => c.visibleFrom ?? (c.beneathOnPhone ? 'sm' : undefined);
  const beneath = columns.filter((c, i) => i > 0 && c.beneathOnPhone);
  const cellContent = (c: Column<N>, row: RecordOf<N>) => (c.render ? c.render(row) : fieldText(resource, c.key, field(row, c.key)));

  // The export's rows are this resource's records.
  const transferColumns: TransferColumn[] = columns.map(({ key, label, text }) => ({
    key,
    label,
    ...(text ? { text: (row) => text(row as RecordOf<N>) } : {}),
  }));

  return (
    <Stack gap="sm" data-testid={props.testId}>
      <Group gap="sm" wrap="wrap" align="flex-end">
        {searchable && (
          <TextField
            style={{ flex: 1, minWidth: 200 }}
            aria-label="Search"
            placeholder={props.searchPlaceholder ?? 'Search'}
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(e) => type(e.currentTarget.value)}
            enterNext={false}
            type="search"
          />
        )}
        {props.toolbar}
        <TableDataMenu resource={resource} columns={transferColumns} query={query} />
      </Group>
      {offline && rows.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconCloudOff size={18} />} py={8} role="status" data-testid="offline-notice">
          {page.dataUpdatedAt && !page.isPlaceholderData ? offlineCopyMessage(page.dataUpdatedAt) : OFFLINE_MESSAGE}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table highlightOnHover={Boolean(onRowClick)} verticalSpacing="xs" striped="even">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th
                  key={c.key}
                  visibleFrom={shownFrom(c)}
                  w={c.width}
                  aria-sort={sort?.column === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <SortHeader column={c} sort={sort} onSort={toggleSort} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={props.rowKey?.(row) ?? row.id}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={{ cursor: onRowClick ? 'pointer' : undefined, opacity: field(row, 'active') === false ? 0.6 : undefined }}
                data-testid={`${resource}-row`}
                data-inactive={field(row, 'active') === false || undefined}
              >
                {columns.map((c, i) => {
                  const content = cellContent(c, row);
                  return (
                    <Table.Td key={c.key} visibleFrom={shownFrom(c)}>
                      {i === 0 && onRowClick ? (
                        <UnstyledButton
                          onClick={(e) => {
                            e.stopPropagation();
                            onRowClick(row);
                          }}
                          aria-label={props.rowLabel?.(row)}
                          fz="sm"
                          fw={500}
                          style={{ textAlign: 'left' }}
                        >
                          {content}
                        </UnstyledButton>
                      ) : (
                        content
                      )}
                      {i === 0 && beneath.length > 0 && (
                        <Group gap={6} mt={4} hiddenFrom="sm" data-testid="beneath-on-phone">
                          {beneath.map((b) => (
                            <Text key={b.key} component="div" fz="xs">
                              {cellContent(b, row)}
                            </Text>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
            {showSkeleton &&
              rows.length === 0 &&
              Array.from({ length: 5 }, (_, i) => (
                <Table.Tr key={`s${i}`}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} visibleFrom={shownFrom(c)}>
                      <Skeleton h={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(!page.isLoading || offline) && rows.length === 0 && (
        <Center py="xl">
          <Text c="dimmed" ta="center" role={offline ? 'status' : undefined}>
            {offline
              ? `${OFFLINE_MESSAGE} The list shows once you are back online.`
              : page.isError
                ? 'Could not load the list.'
                : search
                  ? `Nothing matches “${search}”.`
                  : (props.emptyText ?? 'Nothing here yet.')}
          </Text>
        </Center>
      )}
      {page.data && page.data.total > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {page.data.total} {page.data.total === 1 ? 'record' : 'records'}
          </Text>
          {lastPage > 1 && <Pager value={pageNo} onChange={(n) => list.setPage(n)} total={lastPage} siblings={1} />}
        </Group>
      )}
    </Stack>
  );
}
