/**
 * Live updates (docs/platform.md, Live updates), the part every screen may import: small,
 * no dependency beyond React, so it costs the first screen nothing (the stream's code,
 * live-connection.ts, loads after the first screen has painted: use-live-updates.ts).
 *
 * - Whether the stream is lost: `useLiveLost()`; the header says "Live updates paused" (the app
 *   works as before, others' changes showing after a reload).
 * - A subscription for one record: `useLiveChange('jobs', id, (change) => …)` hears each notice of
 *   that record (a record dialog's "Changed by Sam at 3:42 PM", forms/use-record-form.ts).
 *
 * The queries themselves need nothing: every notice invalidates what shows its record
 * (apply-live-changes.ts); a query over a named action says which resources it reads in its meta
 * (`meta: { liveOn: ['time_entries'] }`, records/records.ts).
 */
import type { LiveChange } from '@glazier/shared/actions/live-wire';
import { useEffect, useRef, useSyncExternalStore } from 'react';

export type { LiveChange };

/** `lost`: the stream should be open (signed in) and has not been for a while. */
let lost = false;
const lostListeners = new Set<() => void>();

export const liveLost = {
  get: (): boolean => lost,
  set(next: boolean): void {
    if (next === lost) return;
    lost = next;
    for (const l of lostListeners) l();
  },
  subscribe(listener: () => void): () => void {
    lostListeners.add(listener);
    return () => void lostListeners.delete(listener);
  },
};

/** Whether the live stream is lost (not: offline, which the header says on its own). */
export function useLiveLost(): boolean {
  return useSyncExternalStore(liveLost.subscribe, liveLost.get, liveLost.get);
}

type ChangeListener = (change: LiveChange) => void;
const changeListeners = new Map<string, Set<ChangeListener>>();
const keyOf = (resource: string, id: number) => `${resource}:${id}`;

/** Hands a notice to the components listening to its record (the connection calls it). */
export function publishLiveChange(change: LiveChange): void {
  for (const l of changeListeners.get(keyOf(change.resource, change.id)) ?? []) l(change);
}

/** Listens to the notices of one record; returns the unsubscribe. */
export function onLiveChange(resource: string, id: number, listener: ChangeListener): () => void {
  const key = keyOf(resource, id);
  const set = changeListeners.get(key) ?? new Set();
  set.add(listener);
  changeListeners.set(key, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) changeListeners.delete(key);
  };
}

/** Calls `handler` with each notice of record `id` of `resource` (none when id is null: a new record). */
export function useLiveChange(resource: string, id: number | null | undefined, handler: ChangeListener): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => (id ? onLiveChange(resource, id, (c) => latest.current(c)) : undefined), [resource, id]);
}
