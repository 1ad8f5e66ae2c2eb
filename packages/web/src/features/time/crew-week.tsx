/**
 * The crew's week (supervisors, `edit time_entries`): everyone's hours per day and for the week,
 * as the server adds them up (`time_cards.crew`, one aggregate), with what passes 40 hours marked
 * as overtime. A row opens that person's week.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { CrewWeekRow } from '@glazier/shared/actions/time';
import { formatHours } from '@glazier/shared/rules/dates';
import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callAction } from '../../resource-kit/http/actions.ts';
import { useQueryOffline } from '../../resource-kit/offline/offline.ts';
import { NoRows, OfflineAsOf } from '../../resource-kit/offline/offline-state.tsx';
import classes from './time-cards.module.css';
import { DayHeadings, DayTotals, hhmm } from './week-columns.tsx';

export function CrewWeek({ week, onOpen }: { week: string; onOpen: (userId: number) => void }) {
  // staleTime 0: coming back from a person's week, whatever was entered there shows
  const crew = useQuery({
    queryKey: ['time_cards', 'crew', week],
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['time_cards.crew'], { query: { week }, signal }),
    staleTime: 0,
    // What the action reads: live notices of these refetch it.
    meta: { liveOn: ['time_entries', 'users'] },
  });
  const offline = useQueryOffline(crew);
  const data = crew.data;
  if (!data || !data.data.length) {
    if (crew.isLoading && !offline) return null;
    return <NoRows query={crew} empty="No one to show for this week." what="The crew's week" />;
  }
  const over = data.data.filter((r) => r.overtime > 0).length;
  return (
    <>
      <OfflineAsOf query={crew} />
      <Text fz="sm" c="dimmed" data-testid="crew-summary">
        {`${data.data.filter((r) => r.total > 0).length} of ${data.data.length} people entered time · ${formatHours(data.total)} in all`}
        {over ? ` · ${over} over 40 hours` : ''}
      </Text>
      <Table.ScrollContainer minWidth={700} type="native">
        <Table className={classes.grid} withTableBorder withColumnBorders highlightOnHover verticalSpacing={6} data-testid="crew-week">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.jobColumn}>Employee</Table.Th>
              <DayHeadings days={data.days} />
              <Table.Th ta="right" className={classes.dayColumn}>
                Total
              </Table.Th>
              <Table.Th ta="right" className={classes.dayColumn}>
                Overtime
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((row) => (
              <CrewRow key={row.user_id} row={row} onOpen={onOpen} />
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th className={classes.jobColumn}>Total</Table.Th>
              <DayTotals days={data.days} totals={data.day_totals} />
              <Table.Th ta="right" className={classes.number} data-testid="crew-total">
                {formatHours(data.total)}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function CrewRow({ row, onOpen }: { row: CrewWeekRow; onOpen: (userId: number) => void }) {
  return (
    <Table.Tr className={classes.rowLink} onClick={() => onOpen(row.user_id)} data-testid="crew-row">
      <Table.Th scope="row" className={classes.jobColumn}>
        <UnstyledButton
          fz="sm"
          fw={600}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(row.user_id);
          }}
          aria-label={`Open the week of ${row.user_name}`}
        >
          {row.user_name}
        </UnstyledButton>
        {!row.active && (
          <Text fz="xs" c="dimmed">
            inactive
          </Text>
        )}
      </Table.Th>
      {row.days.map((h, i) => (
        <Table.Td key={i} ta="center" className={classes.number}>
          {hhmm(h)}
        </Table.Td>
      ))}
      <Table.Td ta="right" fw={600} className={classes.number} c={row.overtime ? 'red' : undefined} data-testid="crew-row-total">
        {formatHours(row.total)}
      </Table.Td>
      <Table.Td ta="right" className={classes.number}>
        {row.overtime ? (
          <Badge color="red" variant="light" title={`${formatHours(row.overtime)} over 40 hours`}>
            {formatHours(row.overtime)}
          </Badge>
        ) : (
          ''
        )}
      </Table.Td>
    </Table.Tr>
  );
}
