/**
 * Time cards (`/time_cards`): a week, Sunday to Saturday, of one person — jobs × days of
 * hours with the totals as hh:mm — or, for supervisors (`edit time_entries`), the crew's week:
 * everyone's hours per day and for the week, overtime marked. The week and the person are in the
 * address (`?week=2026-11-22&user_id=4`, `?view=crew&week=…`), so a week can be shared and the
 * back button steps back through what was looked at. Whoever lacks `edit time_entries` sees only
 * their own week (the server answers only their own entries whatever is asked).
 */
import { formatWeek, isIsoDate, toIsoDate, weekStartDate, addDays } from '@glazier/shared/rules/dates';
import { ActionIcon, Button, Group, Popover, SegmentedControl, Stack, Tooltip } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { useRecord } from '../../resource-kit/records/queries.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan, useCurrentUser } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { CrewWeek } from './crew-week.tsx';
import { exportPayroll } from './time-card-export.ts';
import { TimeCardWeek } from './time-card-week.tsx';

const thisWeek = () => weekStartDate(toIsoDate(new Date()));

/** The week the address names (any day of it), else this week. */
export function weekOfParam(value: string | null): string {
  return value && isIsoDate(value) ? weekStartDate(value) : thisWeek();
}

function WeekPicker({ week, onChange }: { week: string; onChange: (week: string) => void }) {
  const [open, setOpen] = useState(false);
  const current = thisWeek();
  return (
    // "This week" goes under the week on a phone rather than past the screen's edge
    <Group gap={4} wrap="wrap">
      <Tooltip label="Previous week">
        <ActionIcon variant="default" size="lg" aria-label="Previous week" onClick={() => onChange(addDays(week, -7))}>
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Popover opened={open} onChange={setOpen} position="bottom" shadow="md" trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconCalendar size={16} />}
            onClick={() => setOpen((o) => !o)}
            aria-label={`Week of ${formatWeek(week)}: choose a week`}
            data-testid="week-label"
          >
            {formatWeek(week)}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <DatePicker
            firstDayOfWeek={0}
            defaultDate={week}
            value={week}
            onChange={(d) => {
              if (d) onChange(weekStartDate(String(d).slice(0, 10)));
              setOpen(false);
            }}
            getDayProps={(date) => ({ selected: weekStartDate(String(date).slice(0, 10)) === week })}
          />
        </Popover.Dropdown>
      </Popover>
      <Tooltip label="Next week">
        <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={() => onChange(addDays(week, 7))}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
      {week !== current && (
        <Button variant="subtle" onClick={() => onChange(current)}>
          This week
        </Button>
      )}
    </Group>
  );
}

export function TimeCardsPage() {
  const me = useCurrentUser();
  const modals = useModals();
  const canEditAll = useCan('edit', 'time_entries');
  const [params, setParams] = useSearchParams();
  const week = weekOfParam(params.get('week'));
  const crew = canEditAll && params.get('view') === 'crew';
  const askedUser = Number(params.get('user_id'));
  const userId = canEditAll && Number.isInteger(askedUser) && askedUser > 0 ? askedUser : (me?.id ?? null);
  const other = useRecord('users', userId !== me?.id ? userId : null);
  const shownName = userId === me?.id ? (me?.name ?? '') : (other.data?.name ?? '');

  const go = (next: { week?: string; user_id?: number | null; view?: 'crew' | null }) => {
    const p = new URLSearchParams();
    const w = next.week ?? week;
    const view = next.view === undefined ? (crew ? 'crew' : null) : next.view;
    if (view) p.set('view', view);
    p.set('week', w);
    const u = next.user_id === undefined ? (canEditAll && userId !== me?.id ? userId : null) : next.user_id;
    if (!view && u != null && u !== me?.id) p.set('user_id', String(u));
    setParams(p);
  };

  const exportWeek = () =>
    void exportPayroll(modals, week, crew || userId == null ? null : { userId, name: shownName || `employee-${userId}` }).catch((e: unknown) => reportError(e));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Time Cards</ScreenTitle>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportWeek} data-testid="export-week">
          Export CSV
        </Button>
      </Group>
      {canEditAll && (
        <SegmentedControl
          w="fit-content"
          aria-label="View"
          value={crew ? 'crew' : 'employee'}
          onChange={(v) => go({ view: v === 'crew' ? 'crew' : null })}
          data={[
            { value: 'employee', label: 'Employee' },
            { value: 'crew', label: 'Crew' },
          ]}
        />
      )}
      <Group gap="sm" align="flex-end">
        <WeekPicker week={week} onChange={(w) => go({ week: w })} />
        {canEditAll && !crew && (
          <RecordPicker
            resource="users"
            label="Employee"
            value={userId}
            clearable={false}
            onChange={(id) => go({ user_id: id })}
            data-testid="time-card-user"
          />
        )}
      </Group>
      {crew ? (
        <CrewWeek week={week} onOpen={(id) => go({ view: null, user_id: id })} />
      ) : userId != null ? (
        // What was added to one card (a job row) stays with it.
        <TimeCardWeek key={`${week}:${userId}`} week={week} userId={userId} canEdit={canEditAll || userId === me?.id} />
      ) : null}
    </Stack>
  );
}
