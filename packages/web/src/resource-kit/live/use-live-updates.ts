/**
 * Mounted once by the app's shell: while a user is signed in, the tab holds one live stream
 * (live-connection.ts). It opens once the page has loaded and the browser is idle, its code loaded
 * then: the first screen pays nothing for it. Signing out (or another user signing in) closes it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterFirstScreen } from '../../ui/after-first-screen.tsx';

/**
 * `userId`: the signed-in user's (null for a guest, or while working offline from the remembered user).
 * `onRightsChanged`: told when an administrator changed this person's rights (live-connection.ts).
 */
export function useLiveUpdates(userId: number | null, onRightsChanged?: () => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A browser without server-sent events works as before, without live updates.
    if (userId == null || typeof EventSource === 'undefined') return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelWait = afterFirstScreen(
      () =>
        void import('./live-connection.ts').then(({ LiveConnection }) => {
          if (cancelled) return;
          const connection = new LiveConnection({ queryClient, onRightsChanged });
          connection.start();
          stop = () => connection.stop();
        }),
    );
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, [queryClient, userId]); // eslint-disable-line react-hooks/exhaustive-deps -- the callback is the shell's, fixed
}
