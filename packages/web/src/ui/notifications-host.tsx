/**
 * Mantine's notification container, kept out of the first screen's JS and styles: it mounts when
 * something asks for it (`loadNotifications`, which `reportError` and `reportSuccess` use), never
 * during the first screen's load. A message shown before it mounts waits in the store.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { loadAllStyles } from './first-screen-styles.ts';

const Notifications = lazy(() => Promise.all([import('@mantine/notifications'), loadAllStyles()]).then(([m]) => ({ default: m.Notifications })));

let wanted = false;
let onWanted: (() => void) | null = null;

/** Loads the notifications module and mounts the container; resolves with the module. */
export function loadNotifications() {
  wanted = true;
  onWanted?.();
  return import('@mantine/notifications');
}

export function NotificationsHost() {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    onWanted = () => setMounted(true);
    if (wanted) setMounted(true);
    return () => {
      onWanted = null;
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Mantine cuts a notice at 200 px: a refusal naming several lines (a purchase order's Send) lost its last ones on a phone */}
      <Notifications position="top-right" limit={4} notificationMaxHeight="calc(100dvh - 32px)" />
    </Suspense>
  );
}
