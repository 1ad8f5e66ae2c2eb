/**
 * One person's week as a grid (shared/rules/time/time-card.ts): a row per job, a column per day,
 * hours as hh:mm, an OR mark where hours were worked in Oregon, the totals per day, per job and
 * for the week. A cell adds that day's entry for that job (the Time Entry dialog, filled in) or
 * opens its entry; a cell of several entries offers them to pick from. The last row adds a job to
 * the card, so time can be entered on it day by day.
 *
 * Offline: the week as this device last read it (kept across a reload, records.ts
 * `KEEP_ON_DEVICE`), "Offline, as of …", with what was entered here since laid over it; with
 * nothing of the week on the device it says the week shows once online, and adds up nothing.
 */
import { addDays, formatDate, formatHours, toIsoDate, weekdayShort } from '@glazier/shared/rules/dates';
import { jobLabel, timeCard, type TimeCardCell, type TimeCardRow } from '@glazier/shared/rules/time/time-card';
import { Badge, Button, Group, Menu, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconCloudUpload, IconPlus } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cachedRecords } from '../../resource-kit/records/cached-records.ts';
import { KEEP_ON_DEVICE } from '../../resource-kit/records/records.ts';
import { useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useWithKeptWrites } from '../../resource-kit/offline/kept-records.ts';
import { openOfflineWritesDialog } from '../../resource-kit/offline/offline-writes-dialog.tsx';
import { NoRows, OfflineAsOf } from '../../resource-kit/offline/offline-state.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { FigureTiles } from '../../ui/figure-tiles.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import classes from './time-cards.module.css';
import { DayHeadings, DayTotals, hhmm } from './week-columns.tsx';

/** An entry, or one entered offline and not on the server yet (`pending`). */
type Entry = RecordOf<'time_entries'> & { pending?: boolean };
type JobOfRow = Omit<TimeCardRow, 'cells' | 'total'>;

/** The day a new entry of this week defaults to: today when it is in the week, else the week's Monday. */
export function defaultDay(week: string, today = toIsoDate(new Date())): string {
  return today >= week && today <= addDays(week, 6) ? today : addDays(week, 1);
}

function OregonMark({ hours, total }: { hours: number; total: number }) {
  if (!hours) return null;
  const label = hours === total ? 'Worked in Oregon' : `${formatHours(hours)} worked in Oregon`;
  return (
    <Badge size="xs" variant="light" color="teal" className={classes.oregon} title={label} aria-label={label}>
      OR
    </Badge>
  );
}

function Cell({
  row,
  cell,
  canEdit,
  onAdd,
  onOpen,
}: {
  row: TimeCardRow<Entry>;
  cell: TimeCardCell<Entry>;
  canEdit: boolean;
  onAdd: () => void;
  onOpen: (e: Entry) => void;
}) {
  const where = `${jobLabel(row)} on ${weekdayShort(cell.date)} ${formatDate(cell.date)}`;
  const waiting = cell.entries.some((e) => e.pending);
  const content = (
    <>
      <span className={classes.hours}>
        {cell.hours ? formatHours(cell.hours) : canEdit ? <IconPlus size={14} className={classes.plus} aria-hidden /> : ''}
        {waiting && <IconCloudUpload size={13} className={classes.waiting} aria-label="waiting to sync" />}
      </span>
      <OregonMark hours={cell.oregonHours} total={cell.hours} />
    </>
  );
  if (cell.entries.length > 1) {
    return (
      <Menu position="bottom" withinPortal shadow="md">
        <Menu.Target>
          <UnstyledButton
            className={classes.cell}
            aria-label={`${formatHours(cell.hours)} in ${cell.entries.length} entries: ${where}`}
            data-testid="time-cell"
          >
            {content}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{where}</Menu.Label>
          {cell.entries.map((e) => (
            <Menu.Item key={e.id} onClick={() => onOpen(e)}>
              {formatHours(e.hours)}
              {e.oregon ? ' · Oregon' : ''}
              {e.note ? ` · ${e.note}` : ''}
            </Menu.Item>
          ))}
          {canEdit && (
            <Menu.Item leftSection={<IconPlus size={14} />} onClick={onAdd}>
              Add an entry
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    );
  }
  const entry = cell.entries[0];
  if (!entry && !canEdit) return <span className={classes.cell} />;
  return (
    <UnstyledButton
      className={classes.cell}
      onClick={() => (entry ? onOpen(entry) : onAdd())}
      aria-label={entry ? `${formatHours(cell.hours)}: open the entry of ${where}` : `Add time: ${where}`}
      data-testid="time-cell"
    >
      {content}
    </UnstyledButton>
  );
}

const NO_ENTRIES: RecordOf<'time_entries'>[] = [];

/**
 * Entries with their job named: one entered on this device carries only the job's id, so its
 * number, name and client come from the job as this device last read it (not "Job 154").
 */
export function withJobsNamed<E extends Entry>(
  entries: readonly E[],
  jobs: () => readonly Pick<RecordOf<'jobs'>, 'id' | 'number' | 'name' | 'client_name'>[],
): E[] {
  if (!entries.some((e) => e.job_id != null && !e.job_number && !e.job_name)) return entries as E[];
  const byId = new Map(jobs().map((j) => [j.id, j]));
  return entries.map((e) => {
    const job = e.job_id != null && !e.job_number && !e.job_name ? byId.get(e.job_id) : undefined;
    return job ? { ...e, job_number: job.number ?? null, job_name: job.name ?? null, client_name: e.client_name ?? job.client_name ?? null } : e;
  });
}

const deviceJobs = (queryClient: QueryClient) => () => cachedRecords(queryClient, 'jobs') as RecordOf<'jobs'>[];

/** "1 entry of this week waits to sync", when some do. */
function WaitingOfWeek({ count }: { count: number }) {
  const modals = useModals();
  if (!count) return null;
  return (
    <Group gap="xs">
      <IconCloudUpload size={16} aria-hidden />
      <Text fz="sm">{count === 1 ? '1 entry of this week waits to sync.' : `${count} entries of this week wait to sync.`}</Text>
      <Button variant="subtle" size="compact-sm" onClick={() => void openOfflineWritesDialog(modals)}>
        See what waits
      </Button>
    </Group>
  );
}

export function TimeCardWeek({ week, userId, canEdit }: { week: string; userId: number; canEdit: boolean }) {
  const modals = useModals();
  const queryClient = useQueryClient();
  const end = addDays(week, 6);
  // kept on the device: after a reload without a signal the week still shows, as of when it was read
  const entries = useList('time_entries', { user_id: userId, start: week, end, sort_column: 'date', sort_direction: 'asc' }, { meta: KEEP_ON_DEVICE });
  // with what was entered, changed or deleted on this device without a connection and is not on the server yet
  const kept = withJobsNamed(
    useWithKeptWrites('time_entries', entries.data ?? NO_ENTRIES).filter((e) => e.user_id === userId && e.date >= week && e.date <= end),
    deviceJobs(queryClient),
  );
  const [extraJobs, setExtraJobs] = useState<JobOfRow[]>([]);
  const card = timeCard<Entry>(week, kept, extraJobs);

  // the dialog's code (its form, fields and pickers) is fetched when it is opened, not with the week
  const entryDialog = () => import('./time-entry-dialog.tsx').then((m) => m.openTimeEntryDialog);
  const add = (jobId: number | null, date: string) => void entryDialog().then((o) => o(modals, { userId, jobId, date }));
  // one waiting to sync cannot be changed until the server has it: its list says so
  const open = (record: Entry) => void (record.pending ? openOfflineWritesDialog(modals) : entryDialog().then((o) => o(modals, { record })));
  useScreenAction('add', canEdit ? () => add(null, defaultDay(week)) : null);

  if (entries.isLoading) return null;
  if (entries.data === undefined) {
    // Not read, and nothing of it on the device: only what waits is known, and a total of that
    // alone would read as the week's. Said plainly instead.
    return (
      <Stack gap="sm" align="flex-start">
        <NoRows query={entries} empty="" what="The week" />
        <WaitingOfWeek count={kept.filter((e) => e.pending).length} />
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => add(null, defaultDay(week))}>
            Enter Time
          </Button>
        )}
      </Stack>
    );
  }
  const totals = (
    <FigureTiles
      testId="week-totals"
      figures={[
        { label: 'Week total', value: formatHours(card.total) },
        { label: 'Oregon', value: formatHours(card.oregonHours) },
        {
          label: 'Overtime',
          value: (
            <Text span fw={700} c={card.overtime ? 'red' : undefined}>
              {formatHours(card.overtime)}
            </Text>
          ),
        },
      ]}
    />
  );
  if (!card.rows.length) {
    return (
      <Stack gap="sm" align="flex-start">
        <OfflineAsOf query={entries} />
        <NoRows query={entries} empty="No time entered for this week." what="The week" />
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => add(null, defaultDay(week))}>
            Enter Time
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {totals}
      <OfflineAsOf query={entries} />
      <Table.ScrollContainer minWidth={620} type="native">
        <Table className={classes.grid} withTableBorder withColumnBorders verticalSpacing={4} data-testid="time-card">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.jobColumn}>Job</Table.Th>
              <DayHeadings days={card.days} />
              <Table.Th ta="right" className={classes.dayColumn}>
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {card.rows.map((row) => (
              <Table.Tr key={row.job_id ?? 'none'} data-testid="time-card-row">
                <Table.Th scope="row" className={classes.jobColumn}>
                  <div className={classes.rowName} title={[jobLabel(row), row.client_name].filter(Boolean).join(' · ')}>
                    <Text fz="sm" fw={600} truncate>
                      {row.job_number || jobLabel(row)}
                    </Text>
                    <Text fz="xs" c="dimmed" fw={400} truncate>
                      {[row.job_number ? row.job_name : null, row.client_name].filter(Boolean).join(' · ')}
                    </Text>
                  </div>
                </Table.Th>
                {row.cells.map((cell) => (
                  <Table.Td key={cell.date} p={0}>
                    <Cell row={row} cell={cell} canEdit={canEdit} onAdd={() => add(row.job_id, cell.date)} onOpen={open} />
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600} className={classes.number}>
                  {hhmm(row.total)}
                </Table.Td>
              </Table.Tr>
            ))}
            {canEdit && (
              <Table.Tr>
                <Table.Td className={classes.jobColumn} colSpan={1}>
                  <RecordPicker
                    resource="jobs"
                    placeholder="Add a job…"
                    aria-label="Add a job to the card"
                    value={null}
                    onChange={(_id, job) => {
                      if (job)
                        setExtraJobs((list) => [
                          ...list,
                          { job_id: job.id, job_number: job.number ?? null, job_name: job.name ?? null, client_name: job.client_name ?? null },
                        ]);
                    }}
                    data-testid="time-card-add-job"
                  />
                </Table.Td>
                <Table.Td colSpan={8} />
              </Table.Tr>
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th className={classes.jobColumn}>Total</Table.Th>
              <DayTotals days={card.days} totals={card.dayTotals} />
              <Table.Th ta="right" className={classes.number} data-testid="week-total">
                {formatHours(card.total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xs">
        <Badge size="xs" variant="light" color="teal">
          OR
        </Badge>
        <Text fz="xs" c="dimmed">
          worked in Oregon
        </Text>
      </Group>
    </Stack>
  );
}
