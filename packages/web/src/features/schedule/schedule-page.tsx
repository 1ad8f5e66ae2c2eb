/**
 * `/schedule` (docs/domain/schedule.md, Events): the calendar (FullCalendar 7: month, week and list
 * views, weeks from Sunday), loading the visible days' events, schedule notes and readiness
 * together (`start`/`end`, docs/platform.md, Generic calls). An event shows its job (number, or name), client and
 * supervisor in its colour, split when it has two; a job not ready to install is marked, and says
 * what is missing. With `edit jobs`: clicking a day adds an event or a note there, dragging an
 * event moves it (a refused move goes back and says why). On a phone the month and the week are lists.
 * This screen is its own lazy chunk: the calendar's code loads only here.
 */
import FullCalendar, {
  useCalendarController,
  type DateClickInfo,
  type DatesSetInfo,
  type EventClickInfo,
  type EventDisplayInfo,
  type EventDropInfo,
  type EventInput,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDate, formatWeek, toIsoDate } from '@glazier/shared/rules/dates';
import { eventBackground, eventPaint, parseEventColors } from '@glazier/shared/rules/schedule/event-colors';
import { isReady, readinessSummary, type JobReadiness } from '@glazier/shared/rules/schedule/readiness';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Switch, Text, Title, Tooltip, useComputedColorScheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconNote } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { callAction } from '../../resource-kit/http/actions.ts';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useList } from '../../resource-kit/records/queries.ts';
import { useSave } from '../../resource-kit/writes/saves.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { eventJobLabel } from './event-label.ts';
import type { RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import classes from './schedule-page.module.css';

type Event = RecordOf<'events'>;
type Note = RecordOf<'schedule_notes'>;
type Shown = { kind: 'event'; event: Event; readiness: JobReadiness | undefined; supervisor: string } | { kind: 'note'; note: Note };

const VIEWS = [
  { value: 'dayGridMonth', label: 'Month' },
  { value: 'dayGridWeek', label: 'Week' },
  { value: 'listWeek', label: 'List' },
];
/**
 * A phone's seven columns are 50 px wide: an event in them read "26-…". On a phone the
 * month and the week are lists; a grid shown when the screen narrows becomes its list, and the
 * month's list becomes the grid again when it widens.
 */
const PHONE_VIEWS = [
  { value: 'listMonth', label: 'Month' },
  { value: 'listWeek', label: 'Week' },
];
const ON_PHONE: Record<string, string> = { dayGridMonth: 'listMonth', dayGridWeek: 'listWeek' };
const OFF_PHONE: Record<string, string> = { listMonth: 'dayGridMonth' };

const DAY_MS = 86_400_000;

// The event's and the note's dialogs (their forms, date field, job picker) are fetched when opened, not with the calendar.
const openEventDialog = async (modals: ModalStackApi, options?: RecordDialogOptions<'events'>) =>
  (await import('./schedule-dialogs.tsx')).openEventDialog(modals, options);
const openScheduleNoteDialog = async (modals: ModalStackApi, options?: RecordDialogOptions<'schedule_notes'>) =>
  (await import('./schedule-dialogs.tsx')).openScheduleNoteDialog(modals, options);

/** The visible days, as the list calls take them: both ends included. */
function visibleRange(info: DatesSetInfo): { start: string; end: string } {
  return { start: toIsoDate(info.start), end: toIsoDate(new Date(info.end.getTime() - DAY_MS)) };
}

function AddToDay({ close }: { close: (choice: 'event' | 'note') => void }) {
  return (
    <Group grow>
      <Button onClick={() => close('event')} data-autofocus>
        Add Event
      </Button>
      <Button variant="light" onClick={() => close('note')}>
        Add Note
      </Button>
    </Group>
  );
}

async function addToDay(modals: ModalStackApi, date: string): Promise<void> {
  const choice = await modals.push<'event' | 'note'>((m) => <AddToDay close={m.close} />, {
    title: `Add to ${formatDate(date)}`,
    size: 'sm',
    testId: 'add-to-day',
  });
  if (choice === 'event') await openEventDialog(modals, { initial: { date } });
  if (choice === 'note') await openScheduleNoteDialog(modals, { initial: { date } });
}

/** How an event or note reads in a view: a block in its colours (month, week), or a row with a swatch (list). */
type Layout = 'month' | 'week' | 'list';

function EventBody({ shown, layout }: { shown: Shown; layout: Layout }) {
  const text = layout === 'month' ? classes.clip : classes.wrap;
  if (shown.kind === 'note') {
    return (
      <div className={classes.note} data-testid="schedule-note">
        <IconNote size={14} aria-hidden className={classes.icon} />
        <span className={text}>{shown.note.note}</span>
      </div>
    );
  }
  const { event, readiness, supervisor } = shown;
  const missing = readiness && !isReady(readiness) ? readinessSummary(readiness) : '';
  const head = [eventJobLabel(event), event.client_name].filter(Boolean).join(' · ');
  const fallback = 'var(--mantine-primary-color-filled)';
  const marker = missing && (
    <Tooltip label={`Not ready: ${missing}`} withArrow multiline maw={260}>
      <span className={classes.unready} role="img" aria-label={`Not ready: ${missing}`}>
        <IconAlertTriangle size={13} stroke={2.4} aria-hidden />
      </span>
    </Tooltip>
  );
  if (layout === 'list') {
    return (
      <div className={classes.listEvent} data-testid="schedule-event" data-unready={missing ? 'true' : undefined}>
        <span className={classes.swatch} style={{ background: eventBackground(event.color, fallback) }} aria-hidden />
        <div className={classes.listText}>
          <div className={classes.eventLine}>
            <span className={text}>{head}</span>
          </div>
          {supervisor && <div className={classes.eventSub}>{supervisor}</div>}
          {missing && (
            <div className={classes.missing}>
              {marker}
              <span>Not ready: {missing}</span>
            </div>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className={classes.event} style={eventPaint(event.color, fallback)} data-testid="schedule-event" data-unready={missing ? 'true' : undefined}>
      <div className={classes.eventLine}>
        {marker}
        <span className={text}>{head}</span>
      </div>
      {supervisor && <div className={`${classes.eventSub} ${text}`}>{supervisor}</div>}
    </div>
  );
}

const layoutOf = (viewType: string): Layout => (viewType.startsWith('list') ? 'list' : viewType === 'dayGridWeek' ? 'week' : 'month');

export function SchedulePage() {
  const modals = useModals();
  const canEdit = useCan('edit', 'jobs');
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const controller = useCalendarController();
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [unreadyOnly, setUnreadyOnly] = useState(false);
  const save = useSave('events');

  const enabled = range != null;
  const events = useList('events', range ?? {}, { enabled });
  const notes = useList('schedule_notes', range ?? {}, { enabled });
  const users = useList('users', { active: 'all' });
  // Readiness is asked for the same days, and again whenever the set of jobs on them changes.
  const jobIds = useMemo(() => [...new Set((events.data ?? []).map((e) => e.job_id))].sort((a, b) => a - b).join(','), [events.data]);
  const readiness = useQuery({
    queryKey: ['schedule', 'readiness', range?.start, range?.end, jobIds],
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['schedule.readiness'], { query: range!, signal }),
    enabled,
    // The jobs' list changing (the first events arriving) asks again: the days' readiness already read stands meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === range?.start && previousQuery?.queryKey[3] === range?.end ? previous : undefined,
    // What the action reads (server/areas/schedule/readiness.ts): live notices of these refetch it.
    meta: { liveOn: ['events', 'jobs', 'job_products', 'job_product_pieces', 'purchase_orders', 'purchase_order_materials'] },
  });

  useScreenAction('add', canEdit ? () => void openEventDialog(modals) : null);

  const latestEvents = useMemo((): EventInput[] => {
    const byJob = new Map((readiness.data?.data ?? []).map((r) => [r.job_id, r]));
    const nameOf = new Map((users.data ?? []).map((u) => [u.id, u.name]));
    const shownEvents = (events.data ?? []).flatMap((e): EventInput[] => {
      const r = byJob.get(e.job_id);
      if (unreadyOnly && (!r || isReady(r))) return [];
      const shown: Shown = { kind: 'event', event: e, readiness: r, supervisor: e.user_id == null ? '' : (nameOf.get(e.user_id) ?? '') };
      const first = parseEventColors(e.color)[0];
      return [{ id: `event-${e.id}`, start: e.date, allDay: true, title: eventJobLabel(e), extendedProps: { shown }, ...(first ? { color: first } : {}) }];
    });
    const shownNotes = unreadyOnly
      ? []
      : (notes.data ?? []).map((n): EventInput => ({
          id: `note-${n.id}`,
          start: n.date,
          allDay: true,
          title: n.note,
          editable: false,
          extendedProps: { shown: { kind: 'note', note: n } satisfies Shown },
          backgroundColor: 'transparent',
          borderColor: 'transparent',
        }));
    return [...shownNotes, ...shownEvents];
  }, [events.data, notes.data, readiness.data, users.data, unreadyOnly]);
  // The days' events, notes, readiness and supervisors are shown together, once all four are read
  // (or cannot be, offline or refused): an event painted before its readiness and supervisor grew
  // by their lines when they came, and moved the rows below (a layout shift). Until the first days
  // are read the calendar keeps its place unseen; moving to other days keeps the last days' events
  // (outside the new days, so not shown) until the new days' are all read.
  const reading = range == null || [events, notes, users, readiness].some((q) => q.isPending && q.fetchStatus === 'fetching');
  const [calendarEvents, setCalendarEvents] = useState<EventInput[] | null>(null);
  if (!reading && calendarEvents !== latestEvents) setCalendarEvents(latestEvents);

  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const shown = info.event.extendedProps.shown as Shown;
    if (shown.kind === 'note') void openScheduleNoteDialog(modals, { record: shown.note });
    else void openEventDialog(modals, { record: shown.event });
  };

  const onDrop = async (info: EventDropInfo) => {
    const shown = info.event.extendedProps.shown as Shown;
    if (shown.kind !== 'event' || !info.event.start) return info.revert();
    const date = toIsoDate(info.event.start);
    try {
      await save.mutateAsync({ ...shown.event, date });
      reportSuccess(`${eventJobLabel(shown.event)} moved to ${formatDate(date)}.`);
    } catch (e) {
      info.revert();
      reportError(e);
    }
  };

  const onDateClick = (info: DateClickInfo) => {
    if (canEdit) void addToDay(modals, toIsoDate(info.date));
  };

  const view = controller.view;
  const listView = (view?.type ?? '').startsWith('list');
  const otherView = view && (phone ? ON_PHONE : OFF_PHONE)[view.type];
  useEffect(() => {
    if (otherView) controller.changeView(otherView);
  }, [otherView, controller]);

  return (
    <Stack gap="sm">
      <ScreenTitle>Schedule</ScreenTitle>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => controller.prev()}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => controller.next()}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => controller.today()}>
            Today
          </Button>
        </Group>
        <SegmentedControl
          aria-label="View"
          data={phone ? PHONE_VIEWS : VIEWS}
          value={view?.type ?? (phone ? 'listWeek' : 'dayGridMonth')}
          onChange={(v) => controller.changeView(v)}
        />
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} size="h4" data-testid="schedule-title">
          {/* a week's days, as the time cards name a week (FullCalendar's week title is only its month) */}
          {view && range && !view.type.endsWith('Month') ? formatWeek(range.start) : (view?.title ?? '')}
        </Title>
        <Switch label="Unready installs only" checked={unreadyOnly} onChange={(e) => setUnreadyOnly(e.currentTarget.checked)} />
      </Group>
      {canEdit && !listView && (
        <Text size="sm" c="dimmed">
          Click a day to add an event or a note; drag an event to move it.
        </Text>
      )}
      <div
        className={classes.calendar}
        data-testid="schedule-calendar"
        data-view={view?.type}
        data-loading={calendarEvents == null ? 'true' : undefined}
        style={calendarEvents == null ? { visibility: 'hidden' } : undefined}
      >
        <FullCalendar
          plugins={[classicTheme, dayGridPlugin, listPlugin, interactionPlugin]}
          controller={controller}
          headerToolbar={false}
          initialView={phone ? 'listWeek' : 'dayGridMonth'}
          firstDay={0}
          height="auto"
          colorScheme={scheme}
          events={calendarEvents ?? []}
          eventOrder="title"
          editable={canEdit}
          eventDurationEditable={false}
          dayMaxEvents={false}
          datesSet={(info) => setRange(visibleRange(info))}
          eventClick={onEventClick}
          eventDrop={(info) => void onDrop(info)}
          dateClick={onDateClick}
          eventContent={(arg: EventDisplayInfo) => <EventBody shown={arg.event.extendedProps.shown as Shown} layout={layoutOf(arg.view.type)} />}
          listItemEventBeforeClass={classes.hidden}
          noEventsText={unreadyOnly ? 'Every install shown is ready.' : 'Nothing on the schedule these days.'}
        />
      </div>
    </Stack>
  );
}
