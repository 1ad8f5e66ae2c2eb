/**
 * Offline states of a card or a list built on one query (offline.ts has the words): the note over
 * a cached copy ("Offline, as of 3:42 PM"), and the line shown instead of rows, which never claims
 * there is nothing when it only could not ask.
 *
 *   const summaries = useQuery(…);
 *   <OfflineAsOf query={summaries} />
 *   {list.length === 0 && <NoRows query={summaries} empty="No snapshots yet." what="The stock value" />}
 */
import { Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import classes from './offline-state.module.css';
import { noRowsText, offlineAsOf, useQueryOffline, type QueryShape } from './offline.ts';

/**
 * "Offline, as of 3:42 PM" while the query cannot reach the server and shows a cached copy; nothing
 * otherwise (its colour: offline-state.module.css).
 */
export function OfflineAsOf({ query }: { query: QueryShape }) {
  const offline = useQueryOffline(query);
  if (!offline || query.data === undefined || !query.dataUpdatedAt) return null;
  return (
    <Group gap={4} wrap="nowrap" role="status" className={classes.asOf} data-testid="offline-as-of">
      <IconCloudOff size={14} aria-hidden />
      <Text size="xs" c="inherit">
        {offlineAsOf(query.dataUpdatedAt)}
      </Text>
    </Group>
  );
}

/** The line shown instead of a query's rows: its empty text only when the server said there are none. */
export function NoRows({ query, empty, what, ...rest }: { query: QueryShape; empty: string; what: string; size?: string; ta?: 'center'; py?: string }) {
  const offline = useQueryOffline(query);
  return (
    <Text c="dimmed" size={rest.size} ta={rest.ta} py={rest.py} role={offline ? 'status' : undefined} data-testid="no-rows">
      {noRowsText(query, offline, { empty, what })}
    </Text>
  );
}
