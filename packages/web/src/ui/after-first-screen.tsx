/**
 * Work kept off the first screen: it starts once the page has loaded and the browser is idle.
 * `lazyAfterFirstScreen` is for a piece shown when the connection is lost (the Offline badge's
 * tooltip, "Live updates paused"): out of the first screen's code, yet loaded once that screen is
 * idle, because the moment it is needed is the moment its chunk may no longer load (offline before
 * the service worker controls the page). Should it still not load, its fallback stays in its place.
 */
import { Component, Suspense, lazy, type Attributes, type ComponentType, type ReactNode } from 'react';

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

/** Shows `fallback` instead of a piece whose code could not be loaded. */
class LoadFailed extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function lazyAfterFirstScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = null; // a later render may try again (back online)
        throw error;
      },
    ));
  // (not while the build pre-renders the first screen, where there is no page)
  if (typeof document !== 'undefined') afterFirstScreen(() => void start().catch(() => undefined));
  const Piece = lazy(start);
  return function LoadedAfterFirstScreen({ fallback, ...props }: P & { fallback: ReactNode }) {
    return (
      <LoadFailed fallback={fallback}>
        <Suspense fallback={fallback}>
          <Piece {...(props as unknown as P & Attributes)} />
        </Suspense>
      </LoadFailed>
    );
  };
}
