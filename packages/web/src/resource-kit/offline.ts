/**
 * Offline states for lists and pickers (the spec's local store is the query cache): a query is
 * offline when it is paused for want of a network (the browser says it is offline) or failed
 * because the server could not be reached. Screens then say so instead of "No employees yet." or
 * "Searching…" forever; a cached copy still shows, with the time it was fetched.
 */
import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { NetworkError } from './http.ts';

export const OFFLINE_MESSAGE = 'You are offline.';
export const OFFLINE_SEARCH_MESSAGE = 'You are offline: searching needs a connection.';

export function isQueryOffline(query: Pick<UseQueryResult, 'fetchStatus' | 'error'>): boolean {
  return query.fetchStatus === 'paused' || query.error instanceof NetworkError;
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether this query cannot reach the server now: the browser is offline, or the query failed to connect. */
export function useQueryOffline(query: Pick<UseQueryResult, 'fetchStatus' | 'error'>): boolean {
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

/** "You are offline. Showing the copy from 3:42 PM." (or from a date when not today). */
export function offlineCopyMessage(fetchedAt: number, now = Date.now()): string {
  const at = new Date(fetchedAt);
  const sameDay = new Date(now).toDateString() === at.toDateString();
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const when = sameDay ? time : `${at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
  return `${OFFLINE_MESSAGE} Showing the copy from ${when}.`;
}
