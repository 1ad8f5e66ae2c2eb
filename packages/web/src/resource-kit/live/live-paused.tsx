/**
 * The header's "Live updates paused": shown only while the live stream is lost and the
 * browser is online (offline, the Offline badge says it all). The app works as before meanwhile;
 * others' changes show after a reload. On a phone the icon alone (the header's room), the
 * words in its accessible name and in a tooltip shown on hover, focus and tap (a phone has no hover:
 * a tap focuses it, and the words stay until it is left).
 */
import { Badge, Text, Tooltip } from '@mantine/core';
import { IconBroadcastOff } from '@tabler/icons-react';

export const LIVE_PAUSED_LABEL = 'Live updates paused';
export const LIVE_PAUSED_HINT = "Other people's changes show after a reload until the connection is back.";

export function LivePaused() {
  return (
    <Tooltip
      label={
        <>
          <Text span inherit fw={600} hiddenFrom="sm">
            {LIVE_PAUSED_LABEL}.{' '}
          </Text>
          {LIVE_PAUSED_HINT}
        </>
      }
      multiline
      w={260}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        color="gray"
        variant="light"
        size="lg"
        leftSection={<IconBroadcastOff size={14} aria-hidden />}
        role="status"
        aria-label={`${LIVE_PAUSED_LABEL}. ${LIVE_PAUSED_HINT}`}
        tabIndex={0}
        style={{ flexShrink: 0 }}
        styles={{ section: { marginInlineEnd: 0 } }}
        data-testid="live-paused"
      >
        <Text span inherit visibleFrom="sm" ml={4}>
          {LIVE_PAUSED_LABEL}
        </Text>
      </Badge>
    </Tooltip>
  );
}
