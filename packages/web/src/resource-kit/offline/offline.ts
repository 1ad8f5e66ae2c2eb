/**
 * Offline states for lists and pickers (the spec's local store is the query cache): a query is
 * offline when it is paused for want of a network (the browser says it is offline) or failed
 * because the server could not be reached. Screens then say so instead of "No employees yet." or
 * "Searching…" forever; a cached copy still shows, with the time it was fetched.
 */
import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { NetworkError } from '../http/http.ts';
import type { QueuedWrite } from './write-queue.ts';

export const OFFLINE_MESSAGE = 'You are offline.';
export const OFFLINE_SEARCH_MESSAGE = 'You are offline: searching needs a connection.';
/** Under a picker's list of the records already on the device (cached-records.ts). */
export const OFFLINE_CACHED_SEARCH_MESSAGE = 'Offline: only what this device has already loaded.';

/**
 * Paused for want of a network, failed to reach the server, or trying again after failing to (the
 * retries of a query, whose first try after a reload without a signal failed at once: TanStack's
 * onlineManager starts out online whatever the browser says).
 */
export function isQueryOffline(query: Pick<UseQueryResult, 'fetchStatus' | 'error'> & { failureReason?: unknown }): boolean {
  return (
    query.fetchStatus === 'paused' || query.error instanceof NetworkError || (query.fetchStatus === 'fetching' && query.failureReason instanceof NetworkError)
  );
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether this query cannot reach the server now: the browser is offline, or the query failed to connect. */
export function useQueryOffline(query: Parameters<typeof isQueryOffline>[0]): boolean {
  const online = useSyncExternalStore(subscribe, isOnline, isOnline);
  return !online || isQueryOffline(query);
}

const subscribeBrowser = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
const isBrowserOnline = () => navigator.onLine;

/** Whether the browser says it has a network (the header's Offline badge); read during render, so no second render on mount. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeBrowser, isBrowserOnline, () => true);
}

/** "3:42 PM", or "Mar 4, 3:42 PM" when not today. */
function fetchedWhen(fetchedAt: number, now: number): string {
  const at = new Date(fetchedAt);
  const sameDay = new Date(now).toDateString() === at.toDateString();
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return sameDay ? time : `${at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}

/** "You are offline. Showing the copy from 3:42 PM." (or from a date when not today). */
export function offlineCopyMessage(fetchedAt: number, now = Date.now()): string {
  return `${OFFLINE_MESSAGE} Showing the copy from ${fetchedWhen(fetchedAt, now)}.`;
}

/** "Offline, as of 3:42 PM": the note of a card showing its cached copy. */
export function offlineAsOf(fetchedAt: number, now = Date.now()): string {
  return `Offline, as of ${fetchedWhen(fetchedAt, now)}`;
}

/** What a query needs to tell its state: its data, fetch state and when it was fetched. */
export type QueryShape = Pick<UseQueryResult, 'fetchStatus' | 'error' | 'isError' | 'dataUpdatedAt'> & { data?: unknown; failureReason?: unknown };

/**
 * What a card or a list shows instead of its rows (never a false empty state): with
 * nothing cached, offline says it is offline (not "No snapshots yet."), a failure says so, and the
 * rest is still loading; only an answer with nothing in it gets the empty text.
 */
export function noRowsText(query: QueryShape, offline: boolean, texts: { empty: string; what: string }): string {
  if (query.data !== undefined) return texts.empty;
  if (offline) return `${OFFLINE_MESSAGE} ${texts.what} shows once you are back online.`;
  if (query.isError) return `Could not load ${texts.what.toLowerCase()}.`;
  return 'Loading…';
}

// What the offline write queue holds (offline/offline-writes.ts, loaded after the first screen),
// published here so lists can lay kept changes over their rows and the header can count them
// without the queue's code in the first screen's chunk.
let keptList: readonly QueuedWrite[] = [];
const keptListeners = new Set<() => void>();

export const keptWrites = {
  get: (): readonly QueuedWrite[] => keptList,
  /** The queue's new contents (offline-writes.ts calls it after every change). */
  publish(next: readonly QueuedWrite[]): void {
    keptList = next;
    for (const l of keptListeners) l();
  },
  subscribe(listener: () => void): () => void {
    keptListeners.add(listener);
    return () => void keptListeners.delete(listener);
  },
};

/** The writes kept offline, in order; a new array after every change. */
export function useKeptWrites(): readonly QueuedWrite[] {
  return useSyncExternalStore(keptWrites.subscribe, keptWrites.get, keptWrites.get);
}
