/**
 * The Profile's "Calendar feed" section (docs/domain/schedule.md, Calendar feeds): the
 * signed-in user turns on a subscription of the jobs they supervise, and with `edit jobs` one of
 * the whole shop, for their phone's calendar. A feed's `webcal://` link is shown once, when made
 * (the server keeps only its hash), with Copy; Regenerate makes a new link (the old one stops) and
 * Turn off stops the feed, each after a confirmation. Shown on the Profile by name
 * (resource-kit/forms/area-sections.tsx).
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { CalendarFeed } from '@glazier/shared/actions/schedule';
import { formatDate } from '@glazier/shared/rules/dates';
import { mayHaveCalendarFeed, type CalendarFeedKind } from '@glazier/shared/rules/schedule/calendar-feeds';
import { Anchor, Badge, Button, CopyButton, Divider, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarShare, IconCopy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportError, useConfirmedRun } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { useCurrentUser } from '../../resource-kit/http/session-user.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useLoader } from '../../ui/loader.tsx';

const FEEDS_KEY = ['calendar_feeds'] as const;

const FEED_TEXT: Record<CalendarFeedKind, { label: string; what: string }> = {
  mine: { label: 'My jobs', what: 'The jobs you supervise on the schedule.' },
  shop: { label: 'Whole shop', what: 'Every job on the schedule, whoever supervises it.' },
};

/** A feed's link just made: shown this once (the server keeps only its hash). */
function NewLink({ kind, url }: { kind: CalendarFeedKind; url: string }) {
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          value={url}
          readOnly
          aria-label={`${FEED_TEXT[kind].label} calendar link`}
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          data-testid={`calendar-feed-url-${kind}`}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy} data-testid={`calendar-feed-copy-${kind}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        Shown only now. On your phone,{' '}
        <Anchor href={url} underline="always" inherit>
          open this link
        </Anchor>{' '}
        or add it as a subscribed calendar. Keep it private: anyone with it sees these jobs.
      </Text>
    </Stack>
  );
}

function FeedCard({ kind, feed, onChanged }: { kind: CalendarFeedKind; feed: CalendarFeed | undefined; onChanged: () => void }) {
  const dialogs = useDialogs();
  const loader = useLoader();
  const confirmedRun = useConfirmedRun();
  const [link, setLink] = useState<string | null>(null);
  const text = FEED_TEXT[kind];

  const turnOn = async (again: boolean) => {
    if (
      again &&
      !(await dialogs.confirm(
        'Make a new link for this feed? Calendars subscribed with the old link stop updating until you subscribe again with the new one.',
        {
          confirmLabel: 'Regenerate',
          title: 'Regenerate link',
        },
      ))
    )
      return;
    try {
      const answer = await loader.run(callAction(ACTION_ROUTES['calendar_feeds.turn_on'], { params: { kind } }));
      setLink(answer.webcal_url);
      onChanged();
    } catch (e) {
      reportError(e);
    }
  };
  const turnOff = async () => {
    // (the call answers nothing: `true` tells its success from the run's null for a failure or a no)
    const off = await confirmedRun(
      'Turn off this calendar feed? Calendars subscribed to it stop updating.',
      { confirmLabel: 'Turn off', title: 'Turn off feed', danger: true },
      async () => (await callAction(ACTION_ROUTES['calendar_feeds.turn_off'], { params: { kind } }), true),
      'Calendar feed turned off.',
    );
    if (!off) return;
    setLink(null);
    onChanged();
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`calendar-feed-${kind}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {text.label}
              </Text>
              {feed ? (
                <Badge size="sm" variant="light" color="green">
                  On
                </Badge>
              ) : (
                <Badge size="sm" variant="light" color="gray">
                  Off
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {text.what}
              {feed && !link && ` Link made ${formatDate(feed.created_at)}.`}
            </Text>
          </div>
          {!feed && (
            <Button size="xs" leftSection={<IconCalendarShare size={14} />} onClick={() => void turnOn(false)} style={{ flexShrink: 0 }}>
              Turn on
            </Button>
          )}
        </Group>
        {feed && link && <NewLink kind={kind} url={link} />}
        {feed && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => void turnOn(true)}>
              Regenerate
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => void turnOff()}>
              Turn off
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function CalendarFeedsSection() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const feeds = useQuery({
    queryKey: FEEDS_KEY,
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['calendar_feeds.list'], { signal }).then((a) => a.data),
    staleTime: 0,
  });
  const kinds = (['mine', 'shop'] as const).filter((k) => mayHaveCalendarFeed(user, k));
  if (!kinds.length) return null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: FEEDS_KEY });
  return (
    <Stack gap="xs" data-testid="calendar-feeds">
      <Divider label="Calendar feed" labelPosition="left" mt="xs" />
      <Text size="sm" c="dimmed">
        See your schedule in your phone&apos;s calendar (iPhone, Android, Outlook): turn a feed on, then subscribe to its link. Changes in Glazier reach the
        calendar each time it refreshes.
      </Text>
      {feeds.isError ? (
        <Text c="red" size="sm">
          The calendar feeds could not be loaded.
        </Text>
      ) : feeds.isPending ? (
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      ) : (
        kinds.map((kind) => <FeedCard key={kind} kind={kind} feed={feeds.data.find((f) => f.kind === kind)} onChanged={refresh} />)
      )}
    </Stack>
  );
}
