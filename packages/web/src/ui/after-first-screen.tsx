/**
 * Work kept off the first screen: it starts once the page has loaded and the browser is idle.
 * `lazyAfterFirstScreen` is for a piece shown when the connection is lost (the Offline badge's
 * tooltip, "Live updates paused"): out of the first screen's code, yet loaded once that screen is
 * idle, because the moment it is needed is the moment its chunk may no longer load (offline before
 * the service worker controls the page). Should it still not load, its fallback stays in its place
 * (until the page is loaded again).
 */
import { Suspense, lazy, type Attributes, type ComponentType, type ReactNode } from 'react';

/** Runs `fn` once the page has loaded and the browser is idle; returns a cancel. */
export function afterFirstScreen(fn: () => void): () => void {
  let idle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fn, { timeout: 3_000 });
    else timer = setTimeout(fn, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle != null) window.cancelIdleCallback(idle);
    if (timer) clearTimeout(timer);
  };
}

export function lazyAfterFirstScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  type Props = P & { fallback: ReactNode };
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => (loading ??= load());
  // (not while the build pre-renders the first screen, where there is no page)
  if (typeof document !== 'undefined') afterFirstScreen(() => void start().catch(() => undefined));
  // A piece whose code could not be loaded shows its fallback in its place.
  const Piece = lazy(() =>
    start().then(
      (Loaded) => ({ default: (props: Props) => <Loaded {...(props as P & Attributes)} /> }),
      () => ({ default: ({ fallback }: Props) => <>{fallback}</> }),
    ),
  );
  return function LoadedAfterFirstScreen(props: Props) {
    return (
      <Suspense fallback={props.fallback}>
        <Piece {...props} />
      </Suspense>
    );
  };
}
