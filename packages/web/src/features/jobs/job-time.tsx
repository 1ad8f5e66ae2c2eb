/**
 * A job's time (docs/domain/time.md, Time entries): its time entries with hours as hh:mm and the total, on the
 * job screen's Time tab and in the Time Entry List dialog (the job screen's clock action). Add and
 * a row open the time area's Time Entry dialog through the kit registry, with the job filled in.
 */
import { formatDate, formatHours } from '@glazier/shared/rules/dates';
import { Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useQueryOffline } from '../../resource-kit/offline/offline.ts';
import { NoRows } from '../../resource-kit/offline/offline-state.tsx';
import { hasRecordDialog, openRecordDialog } from '../../resource-kit/forms/record-dialogs.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ModalList } from '../../ui/modal-list.tsx';
import { useModal, useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';

type Entry = RecordOf<'time_entries'>;

/** The sum of the entries' hours. */
export function totalHours(entries: Pick<Entry, 'hours'>[]): number {
  return entries.reduce((sum, e) => sum + (Number(e.hours) || 0), 0);
}

export function addTimeEntry(modals: ModalStackApi, jobId: number) {
  return openRecordDialog(modals, 'time_entries', { initial: { job_id: jobId } });
}

/** Keeps the Total row at the bottom of a scrolling list, over the rows that scroll under it. */
const STICKY_TOTAL = { position: 'sticky', bottom: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;
/** The row line above it (the table's own borders do not move with a sticky row). */
const TOTAL_LINE = { boxShadow: 'inset 0 1px 0 var(--table-border-color)' } as const;

/**
 * The job's entries, newest first, with the total beneath. `stickyTotal`: inside a scrolling list
 * (the Time Entry List dialog's), the Total row stays in view at its bottom, in the Hours column.
 */
export function JobTimeEntries({ jobId, stickyTotal = false }: { jobId: number; stickyTotal?: boolean }) {
  const modals = useModals();
  const entries = useList('time_entries', { job_id: jobId, sort_column: 'date', sort_direction: 'desc' });
  const rows = entries.data ?? [];
  const offline = useQueryOffline(entries);
  const canOpen = hasRecordDialog('time_entries');
  if (entries.isLoading) return null;
  if (entries.isError && !entries.data && !offline) return <Text c="red">Could not load the time entries.</Text>;
  if (rows.length === 0) return <NoRows query={entries} ta="center" py="lg" empty="No time entered for this job yet." what="The time entries" />;
  return (
    <Table verticalSpacing={6} striped="even" highlightOnHover={canOpen} data-testid="job-time-entries">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Employee</Table.Th>
          <Table.Th ta="right">Hours</Table.Th>
          <Table.Th visibleFrom="sm">Note</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((e) => (
          <Table.Tr
            key={e.id}
            data-testid="time-entry-row"
            style={{ cursor: canOpen ? 'pointer' : undefined }}
            onClick={canOpen ? () => void openRecordDialog(modals, 'time_entries', { record: e }) : undefined}
          >
            <Table.Td>
              {canOpen ? (
                <UnstyledButton
                  fz="sm"
                  fw={500}
                  onClick={(ev) => {
                    ev.stopPropagation();
                    void openRecordDialog(modals, 'time_entries', { record: e });
                  }}
                  aria-label={`Open the entry of ${e.user_name ?? 'someone'} on ${formatDate(e.date)}`}
                >
                  {formatDate(e.date)}
                </UnstyledButton>
              ) : (
                formatDate(e.date)
              )}
            </Table.Td>
            <Table.Td>{e.user_name ?? ''}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatHours(e.hours)}
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ whiteSpace: 'pre-line' }}>
              {e.note ?? ''}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot style={stickyTotal ? STICKY_TOTAL : undefined}>
        <Table.Tr>
          <Table.Th colSpan={2} style={stickyTotal ? TOTAL_LINE : undefined}>
            Total
          </Table.Th>
          <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums', ...(stickyTotal ? TOTAL_LINE : {}) }} data-testid="time-total">
            {formatHours(totalHours(rows))}
          </Table.Th>
          <Table.Th visibleFrom="sm" style={stickyTotal ? TOTAL_LINE : undefined} />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function TimeEntryListDialog({ jobId }: { jobId: number }) {
  const modal = useModal();
  const modals = useModals();
  const canAdd = useCan('view', 'time_entries') && hasRecordDialog('time_entries');
  return (
    <Stack gap="sm">
      <ModalList label="Time entries" offsetScrollbars="y">
        <JobTimeEntries jobId={jobId} stickyTotal />
      </ModalList>
      <Group justify="space-between" gap="xs">
        {canAdd ? (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => void addTimeEntry(modals, jobId)}>
            Add Time
          </Button>
        ) : (
          <span />
        )}
        <Button variant="default" onClick={() => modal.close(null)}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** The Time Entry List dialog of a job (docs/domain/time.md, Time cards: Time Entry List). */
export function openTimeEntryListDialog(modals: ModalStackApi, job: { id: number; heading: string }): Promise<null> {
  return modals.push<null>(() => <TimeEntryListDialog jobId={job.id} />, { title: `Time · ${job.heading}`, testId: 'time-entry-list-dialog', size: 'lg' });
}
