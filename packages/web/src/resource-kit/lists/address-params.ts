/**
 * The address's query string as the screen's last change made it. A navigation takes a moment
 * (React Router updates the history first and renders the new params later, in a transition), so
 * a second change made before that render (From, then To, typed quickly; a switch, then a page
 * button) would otherwise build on the params of the last render and undo the first. What was
 * written is read as if the address showed it, until it does or the screen changes.
 *
 * The write waiting to show is kept per router (its navigator), so it never carries over to
 * another router: another app mount, another test.
 */
import { useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router';

type Pending = { path: string; search: string } | null;

/** A router's write waiting to show, and who wants to know when it changes. */
class PendingWrite {
  private pending: Pending = null;
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly read = () => this.pending;
  set(next: Pending) {
    this.pending = next;
    for (const listener of this.listeners) listener();
  }
}

const byRouter = new WeakMap<object, PendingWrite>();
function pendingWriteOf(router: object): PendingWrite {
  let store = byRouter.get(router);
  if (!store) byRouter.set(router, (store = new PendingWrite()));
  return store;
}

/** Changes to make at once: a value sets its key, null removes it. */
export type AddressChanges = Record<string, string | null>;

/**
 * The query string after `changes` (each key under `prefix.` when a prefix is given: a list's
 * scope); `page` goes back to 1 (is left out) unless the changes set it.
 */
export function applyChanges(current: URLSearchParams, changes: AddressChanges, prefix = ''): URLSearchParams {
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const next = new URLSearchParams(current);
  if (!('page' in changes)) next.delete(key('page'));
  for (const [name, value] of Object.entries(changes)) {
    if (value == null) next.delete(key(name));
    else next.set(key(name), value);
  }
  return next;
}

/** Makes the next query string from the current one (as the last write left it, even if not yet rendered). */
export type SetAddressParams = (next: (current: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void;

/**
 * The query string as last written on this screen, and a way to write it (nothing happens if it is
 * unchanged). The writer is the same function from render to render.
 */
export function useAddressParams(): [URLSearchParams, SetAddressParams] {
  const [address, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const store = pendingWriteOf(useContext(UNSAFE_NavigationContext).navigator);
  const waiting = useSyncExternalStore(store.subscribe, store.read, store.read);
  const shown = address.toString();
  useEffect(() => {
    const p = store.read();
    // only once the address shows the last write: a render of an earlier one keeps it waiting
    if (p && (p.path !== pathname || p.search === shown)) store.set(null);
  }, [store, pathname, shown]);
  const waitingHere = waiting && waiting.path === pathname ? waiting.search : null;
  const params = useMemo(() => (waitingHere == null ? address : new URLSearchParams(waitingHere)), [waitingHere, address]);
  // What the writer reads when it runs: this render's address (the writer itself does not change).
  const now = useRef({ pathname, shown, setParams });
  now.current = { pathname, shown, setParams };
  const write = useCallback<SetAddressParams>(
    (make, { replace = false } = {}) => {
      const { pathname: path, shown: showing, setParams: navigate } = now.current;
      // read at the moment of writing, not as this render saw it: an earlier write may be on its way
      const p = store.read();
      const current = p && p.path === path ? p.search : showing;
      const next = make(new URLSearchParams(current));
      if (next.toString() === current) return;
      store.set({ path, search: next.toString() });
      void navigate(next, { replace, preventScrollReset: true });
    },
    [store],
  );
  return [params, write];
}
