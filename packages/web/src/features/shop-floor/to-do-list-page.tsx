/**
 * The product to-do lists (`/lists/products/{field}`: To Measure, To Order, To Fabricate; issue
 * 24): the job products still needing the step whose series has it, as the server filters them
 * (`needs={field}`, areas/shop-floor), by job start date and grouped by job (number, client
 * colour, address, start date), filtered by category and series (in the address), a page at a
 * time. With `edit jobs` each row checks off in place (PATCH of the flag) with an Undo in the
 * notice; a ticked row stays where it was, ticked, so the rows under a thumb do not move; tapping
 * it again unticks it (a tick marks every piece of the product; a row whose pieces are partly done
 * says so: "1 of 2 fabricated"). Without `edit jobs` the list is read-only. Made for a phone in the shop or
 * on a site: one row per product, the whole row the tap target, the job its group's heading.
 */
import { formatDate } from '@glazier/shared/rules/dates';
import { formatQty } from '@glazier/shared/rules/money';
import { seriesFlags } from '@glazier/shared/rules/catalogue/series-features';
import { formatSizes } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { isPieceStep, partProgress, piecesOf, type PieceState } from '@glazier/shared/rules/shop-floor/pieces';
import { TO_DO_LISTS, isToDoField, type ToDoList } from '@glazier/shared/rules/shop-floor/to-do-lists';
import { Anchor, Badge, Card, Checkbox, ColorSwatch, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment, memo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useList, usePage } from '../../resource-kit/records/queries.ts';
import type { PageParams } from '../../resource-kit/records/records.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useListFilters, useListState } from '../../resource-kit/lists/list-state.tsx';
import { NoRows, OfflineAsOf } from '../../resource-kit/offline/offline-state.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useDelayedFlag } from '../../ui/loader.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { OrderGlassButton } from './order-glass-button.tsx';
import classes from './to-do-list.module.css';
import { useToDoTicks } from './use-to-do-ticks.tsx';
import { RefSelect } from '../../resource-kit/pickers/ref-select.tsx';

type JobProduct = RecordOf<'job_products'>;
type Job = RecordOf<'jobs'>;

export const TO_DO_PER_PAGE = 50;
const NO_COLOR = '#868e96';

/**
 * The rows to show after a refetch: the server's, with each row still `kept` (ticked on this
 * screen, so gone from the server's list) left where it was, after the row shown before it.
 */
export function keepInPlace(before: JobProduct[], next: JobProduct[], kept: ReadonlySet<number>): JobProduct[] {
  const out = [...next];
  const at = new Set(next.map((r) => r.id));
  before.forEach((row, i) => {
    if (!kept.has(row.id) || at.has(row.id)) return;
    let pos = 0;
    for (let j = i - 1; j >= 0; j--) {
      const k = out.findIndex((r) => r.id === before[j]!.id);
      if (k >= 0) {
        pos = k + 1;
        break;
      }
    }
    out.splice(pos, 0, row);
    at.add(row.id);
  });
  return out;
}

/** Consecutive rows of one job (the server sorts a job's products together). */
export function jobGroups(rows: JobProduct[]): { jobId: number; rows: JobProduct[] }[] {
  const groups: { jobId: number; rows: JobProduct[] }[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.jobId === row.job_id) last.rows.push(row);
    else groups.push({ jobId: row.job_id, rows: [row] });
  }
  return groups;
}

export function ToDoListPage() {
  const { field } = useParams();
  const { search } = useLocation();
  if (!isToDoField(field)) {
    return (
      <Stack gap="md">
        <ScreenTitle>Lists</ScreenTitle>
        <Text c="dimmed">There is no such list. The lists are To Measure, To Order and To Fabricate.</Text>
      </Stack>
    );
  }
  // What was ticked belongs to one list as shown: another list, filter or page starts afresh.
  return <ToDoListScreen key={`${field}${search}`} list={TO_DO_LISTS[field]} />;
}

/** A to-do list's page: its rows carry their pieces, so a piece's live notice refreshes it too. */
const useToDoPage = (params: PageParams) => usePage('job_products', params, { meta: { liveOn: ['job_product_pieces'] } });

function ToDoListScreen({ list }: { list: ToDoList }) {
  const { field } = list;
  const canEdit = useCan('edit', 'jobs');
  const { page: pageNo, setPage } = useListState();
  const [filters, setFilter] = useListFilters({ category_id: null, series_id: null });
  const categories = useList('product_categories');
  const allSeries = useList('series');
  const clients = useList('clients', { active: 'all' });
  const page = useToDoPage({
    page: pageNo,
    per_page: TO_DO_PER_PAGE,
    needs: field,
    sort_column: 'job_start_date',
    sort_direction: 'asc',
    // a product's pieces marked apart: "1 of 2 fabricated" on its row
    with_pieces: true,
    ...(filters.category_id ? { category_id: filters.category_id } : {}),
    ...(filters.series_id ? { series_id: filters.series_id } : {}),
  });
  const showSkeleton = useDelayedFlag(page.isLoading);

  // Rows ticked (or being ticked) here: shown ticked, where they were, until the screen changes.
  const { ticked, toggle } = useToDoTicks(list);
  const [shown, setShown] = useState<{ from: JobProduct[] | undefined; rows: JobProduct[] }>({ from: undefined, rows: [] });
  const serverRows = page.data?.data;
  if (serverRows !== shown.from) setShown({ from: serverRows, rows: keepInPlace(shown.rows, serverRows ?? [], new Set(Object.keys(ticked).map(Number))) });
  const rows = shown.rows.map((r) => ticked[r.id] ?? r);
  const groups = jobGroups(rows);
  const jobIds = groups.map((g) => g.jobId);
  const jobs = useList('jobs', { id_list: jobIds, active: 'all' }, { enabled: jobIds.length > 0 });
  const jobOf = (id: number) => jobs.data?.find((j) => j.id === id);
  const seriesOf = (id: number | null) => allSeries.data?.find((s) => s.id === id);
  /** How far a product's pieces are when some are done and some not ("1 of 2 fabricated"); '' otherwise. */
  const pieceProgress = (row: JobProduct, series: RecordOf<'series'> | undefined, { field }: ToDoList): string => {
    if (!isPieceStep(field) || row[field]) return '';
    const pieces = piecesOf(
      row,
      seriesFlags(
        series,
        categories.data?.find((c) => c.id === series?.category_id),
      ),
      (row as JobProduct & { pieces?: PieceState[] }).pieces,
    );
    return partProgress(pieces, field);
  };

  // Only series that have this step can have rows here; of the chosen category when there is one.
  const seriesChoices = (allSeries.data ?? [])
    .filter((s) => !filters.category_id || String(s.category_id) === filters.category_id)
    .filter(
      (s) =>
        seriesFlags(
          s,
          categories.data?.find((c) => c.id === s.category_id),
        )[list.flag],
    );

  const total = page.data?.total;
  // the pieces shown, to one draft order for the glass vendor (the dialog keeps those whose series orders glass)
  const toOrder = rows.filter((r) => !r[field]).map((row) => ({ row, job: jobTitle(jobOf(row.job_id), row.job_id), series: seriesOf(row.series_id) }));
  return (
    <Stack gap="md" className={classes.screen}>
      <Group justify="space-between" align="baseline" gap="xs">
        <ScreenTitle>{list.title}</ScreenTitle>
        <Group gap="sm">
          {total !== undefined && (
            <Text c="dimmed" size="sm" data-testid="to-do-total">
              {total} left
            </Text>
          )}
          {field === 'is_ordered' && <OrderGlassButton pieces={toOrder} />}
        </Group>
      </Group>
      {!canEdit && (
        <Text size="sm" c="dimmed" data-testid="to-do-read-only">
          Read only: checking products off needs permission to edit jobs.
        </Text>
      )}
      <OfflineAsOf query={page} />
      <Group gap="sm" align="flex-end" wrap="wrap" className={classes.filters}>
        <RefSelect
          label="Category"
          placeholder="Any category"
          records={categories.data}
          value={filters.category_id}
          onChange={(_, v) => {
            setFilter('category_id', v);
            if (filters.series_id && v && String(seriesOf(Number(filters.series_id))?.category_id) !== v) setFilter('series_id', null);
          }}
          clearable
          allowDeselect
        />
        <RefSelect
          label="Series"
          placeholder="Any series"
          records={seriesChoices}
          value={filters.series_id}
          onChange={(_, v) => setFilter('series_id', v)}
          clearable
          allowDeselect
          searchable
        />
      </Group>
      {showSkeleton && !page.data && (
        <Stack gap="sm" data-testid="to-do-loading" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </Stack>
      )}
      {groups.map((g) => (
        <Card
          key={`${g.jobId}-${g.rows[0]!.id}`}
          withBorder
          padding={0}
          radius="md"
          data-testid="to-do-job"
          component="section"
          aria-label={jobTitle(jobOf(g.jobId), g.jobId)}
        >
          <JobHeading job={jobOf(g.jobId)} jobId={g.jobId} color={clients.data?.find((c) => c.id === jobOf(g.jobId)?.client_id)?.color} />
          <Stack gap={0}>
            {g.rows.map((row) => (
              <ProductRow
                key={row.id}
                row={row}
                list={list}
                seriesName={seriesOf(row.series_id ?? null)?.name}
                progress={pieceProgress(row, seriesOf(row.series_id ?? null), list)}
                canEdit={canEdit}
                onToggle={toggle}
              />
            ))}
          </Stack>
        </Card>
      ))}
      {page.data && !page.isPlaceholderData && rows.length === 0 && (
        <NoRows
          query={page}
          ta="center"
          py="xl"
          empty={filters.category_id || filters.series_id ? `${list.empty.replace(/\.$/, '')} in this category or series.` : list.empty}
          what="The list"
        />
      )}
      {/* could not load, or offline with nothing kept */}
      {!page.data && !page.isLoading && <NoRows query={page} ta="center" py="xl" empty={list.empty} what="The list" />}
      {page.data && page.data.last_page > 1 && (
        <Group justify="center">
          <Pager value={pageNo} onChange={(n) => setPage(n)} total={page.data.last_page} siblings={0} />
        </Group>
      )}
    </Stack>
  );
}

/** How a job is named here: its number, or its name without one (docs/platform.md, Dialogs). */
function jobTitle(job: Job | undefined, id: number): string {
  return job ? job.number || job.name || `Job ${id}` : `Job ${id}`;
}

const JobHeading = memo(function JobHeading({ job, jobId, color }: { job: Job | undefined; jobId: number; color: string | null | undefined }) {
  return (
    <div className={classes.jobHeading}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="baseline">
        <Anchor component={Link} to={`/jobs/${jobId}`} fw={700} fz="md" className={classes.jobLink}>
          {jobTitle(job, jobId)}
        </Anchor>
        {job?.start_date && (
          <Text size="sm" fw={500} c="dimmed" style={{ whiteSpace: 'nowrap' }} title="Start date">
            Starts {formatDate(job.start_date)}
          </Text>
        )}
      </Group>
      {job && (
        <Group gap={6} wrap="nowrap" mt={2}>
          <ColorSwatch color={color ?? NO_COLOR} size={12} withShadow={false} aria-hidden style={{ flexShrink: 0 }} data-testid="client-color" />
          <Text size="sm" lineClamp={1}>
            {[job.client_name, job.number ? job.name : ''].filter(Boolean).join(' · ')}
          </Text>
        </Group>
      )}
      {job?.address && (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {job.address}
        </Text>
      )}
    </div>
  );
});

/** A product's row; drawn again only when its own props change (a tick redraws its row, not the list's fifty). */
const ProductRow = memo(function ProductRow({
  row,
  list,
  seriesName,
  progress,
  canEdit,
  onToggle,
}: {
  row: JobProduct;
  list: ToDoList;
  seriesName: string | undefined;
  progress: string;
  canEdit: boolean;
  onToggle: (row: JobProduct) => Promise<void>;
}) {
  const done = row[list.field];
  const sizes = formatSizes(row);
  const body = (
    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="baseline">
        <Text fw={600} className={done ? classes.doneText : undefined}>
          {row.name || 'Product'}
        </Text>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          Qty {formatQty(row.qty)}
        </Text>
      </Group>
      {(seriesName || sizes) && (
        <Text size="sm" c="dimmed">
          {seriesName}
          {seriesName && sizes && ' · '}
          {/* a size is never broken across lines ("67" / "1/2""): the opening and the glass each hold together */}
          {sizes
            .split(', ')
            .filter(Boolean)
            .map((part, i) => (
              <Fragment key={part}>
                {i > 0 && ', '}
                <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
              </Fragment>
            ))}
        </Text>
      )}
      {row.note && (
        <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
          {row.note}
        </Text>
      )}
      {progress && !done && (
        <Text size="sm" fw={600} data-testid="to-do-progress">
          {progress}
        </Text>
      )}
      {done && (
        <Badge color="teal" variant="light" size="sm" mt={2}>
          {list.done}
        </Badge>
      )}
    </Stack>
  );
  if (!canEdit) {
    return (
      <div className={classes.row} data-testid="to-do-row">
        {body}
      </div>
    );
  }
  return (
    <Checkbox.Card checked={done} onClick={() => void onToggle(row)} radius={0} withBorder={false} className={classes.row} data-testid="to-do-row">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Checkbox.Indicator size="lg" mt={2} />
        {body}
      </Group>
    </Checkbox.Card>
  );
});
