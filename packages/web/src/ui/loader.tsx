/**
 * The app-wide busy indicator (docs/platform.md, Dialogs): shown only when an operation is still running
 * after 250 ms, and closable by the user (it reappears for the next operation).
 *
 * `const loader = useLoader(); await loader.run(save())` — or `const done = loader.start(); ...; done()`.
 */
import { CloseButton, Loader, Overlay, Paper, Stack, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export const LOADER_DELAY_MS = 250;

export interface LoaderApi {
  /**
   * Marks an operation as running; call the returned function when it ends. `label` is what the
   * overlay says (default "Working…"); the operation that starts a wait names it.
   */
  start: (label?: string) => () => void;
  run: <T>(work: Promise<T> | (() => Promise<T>), label?: string) => Promise<T>;
}

const LoaderContext = createContext<LoaderApi | null>(null);

export function LoaderProvider({ children }: { children: ReactNode }) {
  const pending = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [visible, setVisible] = useState(false);
  const label = useRef<string | undefined>(undefined);

  const start = useCallback((text?: string) => {
    pending.current += 1;
    if (pending.current === 1) {
      label.current = text;
      timer.current = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      pending.current -= 1;
      if (pending.current === 0) {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        setVisible(false);
      }
    };
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const api = useMemo<LoaderApi>(
    () => ({
      start,
      run: async (work, text) => {
        const done = start(text);
        try {
          return await (typeof work === 'function' ? work() : work);
        } finally {
          done();
        }
      },
    }),
    [start],
  );

  return (
    <LoaderContext.Provider value={api}>
      {children}
      {visible && <BusyOverlay label={label.current} onClose={() => setVisible(false)} />}
    </LoaderContext.Provider>
  );
}

export function BusyOverlay({ onClose, label = 'Working…' }: { onClose?: () => void; label?: string }) {
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.35} center>
      <Paper role="status" aria-live="polite" aria-label="Loading" shadow="md" p="lg" radius="md" pos="relative" miw={180}>
        {onClose && <CloseButton aria-label="Hide loader" pos="absolute" top={6} right={6} size="sm" onClick={onClose} />}
        <Stack align="center" gap="sm">
          <Loader />
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}

export function useLoader(): LoaderApi {
  const api = useContext(LoaderContext);
  if (!api) throw new Error('useLoader needs a LoaderProvider');
  return api;
}

/** True once `active` has stayed true for `delay` ms (for inline loading states). */
export function useDelayedFlag(active: boolean, delay = LOADER_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(t);
  }, [active, delay]);
  return shown;
}
