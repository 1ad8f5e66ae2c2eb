/**
 * Mantine's notification container, kept out of the first screen's JS: it mounts when something
 * asks for it (`loadNotifications`, which `reportError` uses) or once the page is idle, so a
 * screen that calls `notifications.show` directly still shows its message (shown messages wait
 * in the store until the container mounts).
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { loadAllStyles } from './first-screen-styles.ts';

const Notifications = lazy(() =>
  Promise.all([import('@mantine/notifications'), loadAllStyles()]).then(([m]) => ({ default: m.Notifications })),
);

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
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setMounted(true), { timeout: 5000 });
    return () => {
      onWanted = null;
      cancel(handle);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} />
    </Suspense>
  );
}
