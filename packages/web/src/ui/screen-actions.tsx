/**
 * Screen actions raised from the bottom action bar (docs/platform.md, Screens and navigation). A screen registers what its
 * buttons do while it is mounted:
 *
 *   useScreenAction('add', canEdit ? () => openClientDialog() : null);
 *   useScreenAction('clock', () => startClock());   // replaces the default time action
 *
 * The bar reads them with `useScreenActions()`; with no `add` registered its Add button is disabled.
 * A link made by `addLink('/jobs')` (the dashboard's Add buttons) opens the screen and raises its add
 * action on arrival, once the screen has registered it (the shell's action bar does this).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ScreenActionName = 'add' | 'clock';

/** The search parameter asking a screen to raise its add action on arrival. */
export const ADD_ON_ARRIVAL = 'add';

/** A link to `path` that raises the screen's add action once it is there. */
export function addLink(path: string): string {
  return `${path}?${ADD_ON_ARRIVAL}=1`;
}

type Registry = Partial<Record<ScreenActionName, () => void>>;

interface ScreenActionsApi {
  actions: Registry;
  register: (name: ScreenActionName, fn: () => void) => () => void;
}

const Ctx = createContext<ScreenActionsApi | null>(null);

export function ScreenActionsProvider({ children }: { children: ReactNode }) {
  const [actions, setActions] = useState<Registry>({});
  const register = useCallback((name: ScreenActionName, fn: () => void) => {
    setActions((a) => ({ ...a, [name]: fn }));
    return () => setActions((a) => (a[name] === fn ? { ...a, [name]: undefined } : a));
  }, []);
  const api = useMemo(() => ({ actions, register }), [actions, register]);
  return <Ctx.Provider value={api}>{children}</Ctx.Provider>;
}

export function useScreenAction(name: ScreenActionName, fn: (() => void) | null | undefined): void {
  const api = useContext(Ctx);
  const ref = useRef(fn);
  ref.current = fn;
  const enabled = Boolean(fn);
  const register = api?.register;
  useEffect(() => {
    if (!register || !enabled) return;
    return register(name, () => ref.current?.());
  }, [register, name, enabled]);
}

export function useScreenActions(): Registry {
  return useContext(Ctx)?.actions ?? {};
}
