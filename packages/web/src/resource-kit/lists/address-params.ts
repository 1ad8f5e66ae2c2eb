/**
 * The address's query string as the screen's last change made it. A navigation takes a moment
 * (React Router updates the history first and renders the new params later, in a transition), so
 * a second change made before that render (From, then To, typed quickly; a switch, then a page
 * button) would otherwise build on the params of the last render and undo the first. What was
 * written is read as if the address showed it, until it does or the screen changes.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router';

let pending: { path: string; search: string } | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => pending;
function setPending(next: typeof pending) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Makes the next query string from the current one (as the last write left it, even if not yet rendered). */
export type SetAddressParams = (next: (current: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void;

/** The query string as last written on this screen, and a way to write it (nothing happens if it is unchanged). */
export function useAddressParams(): [URLSearchParams, SetAddressParams] {
  const [address, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const waiting = useSyncExternalStore(subscribe, read, read);
  const shown = address.toString();
  useEffect(() => {
    const p = read();
    // only once the address shows the last write: a render of an earlier one keeps it waiting
    if (p && (p.path !== pathname || p.search === shown)) setPending(null);
  }, [pathname, shown]);
  const waitingHere = waiting && waiting.path === pathname ? waiting.search : null;
  const params = useMemo(() => (waitingHere == null ? address : new URLSearchParams(waitingHere)), [waitingHere, address]);
  const write: SetAddressParams = (make, { replace = false } = {}) => {
    // read at the moment of writing, not as this render saw it: an earlier write may be on its way
    const p = read();
    const current = p && p.path === pathname ? p.search : shown;
    const next = make(new URLSearchParams(current));
    if (next.toString() === current) return;
    setPending({ path: pathname, search: next.toString() });
    void setParams(next, { replace, preventScrollReset: true });
  };
  return [params, write];
}
