/**
 * The one modal stack of the app (docs/platform.md, Dialogs).
 *
 * - `push(render, options)` opens a modal on top of the others; `replace(render, options)` swaps
 *   the top modal for a new one (the replaced modal resolves with null).
 * - Both return a promise resolved with what the modal passes to `close(value)`; closing it any
 *   other way (X button, Escape, click outside, browser Back) resolves it with null.
 * - Every pushed modal adds a browser history entry (same URL), so the browser's Back action closes
 *   the top modal instead of leaving the page. Closing a modal in code takes that entry back out;
 *   the promise resolves only after the history has settled, so `navigate()` right after `await`
 *   is safe.
 *
 * Inside a modal, `useModal<T>()` gives the handle (`close`, `dismiss`, `id`, `isTop`), and
 * `useModalTitle(title)` sets its title from inside (a record dialog knows whether it adds, edits
 * or only shows).
 *
 * Unsaved changes: a modal whose content reports a change (`useModalDirty(() => dirty)`;
 * every `DialogForm` does, from its form) is not dropped by a person's way out: Escape, the ×, a
 * click outside, Cancel (`dismiss()`) and the browser's Back first ask "Discard unsaved changes?"
 * (Discard / Keep editing). Keep editing leaves the modal as it was, typed text and all, with its
 * history entry back in place; an unchanged modal closes at once. `close(value)` (a save, a pick)
 * never asks.
 *
 * Focus: a modal remembers what had the focus when it opened (its opener) and gives the focus back
 * to it when it closes, however it closes (Mantine's own return only works for modals that stay
 * mounted while closed).
 */
import type { MantineSize } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { loadAllStyles } from './first-screen-styles.ts';
import { pushModalEntry, useHistoryBack } from './modal-history.ts';
import { Suspense, createContext, lazy, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface ModalOptions {
  /** Falls back to the provider's `defaultTitle` (the company name). */
  title?: ReactNode;
  /** Mantine's sizes, the spec's wide ones (`'5xl'`, see WIDE_SIZES), or any CSS width. */
  size?: MantineSize | WideSize | (string & {}) | number;
  /** Fill the screen on phones (default true). */
  fullScreenOnMobile?: boolean;
  closeOnClickOutside?: boolean;
  /** data-testid of the dialog element (the visible `role="dialog"` content, named by the title). */
  testId?: string;
}

/**
 * Widths above Mantine's `xl`, named in Tailwind's scale (the product dialog is 5xl wide,
 * docs/domain/catalogue.md); Mantine has no CSS variable for them.
 */
export const WIDE_SIZES = { '3xl': '48rem', '4xl': '56rem', '5xl': '64rem', '6xl': '72rem' } as const;
export type WideSize = keyof typeof WIDE_SIZES;
const modalWidth = (size: NonNullable<ModalOptions['size']>) => (typeof size === 'string' && size in WIDE_SIZES ? WIDE_SIZES[size as WideSize] : size);

export interface ModalHandle<T = unknown> {
  id: number;
  /** z-index of this modal (drop-downs inside it go just above). */
  zIndex: number;
  /** Closes this modal and resolves its promise with `value`. */
  close: (value?: T | null) => void;
  /**
   * The person's way out (Cancel): closes with null, after asking "Discard unsaved changes?" when
   * the modal reports a change (useModalDirty).
   */
  dismiss: () => void;
  /** Adds a way to tell whether the modal holds unsaved changes (read on the way out); returns its removal. See useModalDirty. */
  watchDirty: (isDirty: () => boolean) => () => void;
  isTop: boolean;
}

export type ModalRender<T> = (modal: ModalHandle<T>) => ReactNode;

export interface ModalStackApi {
  push: <T>(render: ModalRender<T>, options?: ModalOptions) => Promise<T | null>;
  replace: <T>(render: ModalRender<T>, options?: ModalOptions) => Promise<T | null>;
  /** Closes the top modal with null (or the given value). */
  closeTop: (value?: unknown) => void;
  closeAll: () => Promise<void>;
  count: number;
}

interface Entry {
  id: number;
  render: ModalRender<unknown>;
  options: ModalOptions;
  resolve: (value: unknown) => void;
  /** The `HISTORY_KEY` marker of the history entry this modal owns (pushed, or inherited through replace); null when none. */
  marker: number | null;
  /** What had the focus when the modal opened; it gets the focus back when the modal closes. */
  opener: HTMLElement | null;
}

function activeOpener(): HTMLElement | null {
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

// Loaded with the first dialog (see mantine-modal.ts), with the styles a dialog's fields need.
const Modal = lazy(() => Promise.all([import('./mantine-modal.ts'), loadAllStyles()]).then(([m]) => ({ default: m.Modal })));

const StackContext = createContext<ModalStackApi | null>(null);
const ModalContext = createContext<ModalHandle<unknown> | null>(null);
const TitleContext = createContext<((id: number, title: ReactNode) => void) | null>(null);
export const DISCARD_QUESTION = 'Discard unsaved changes?';

let nextId = 1;

/**
 * Gives the focus back to the opener put in the returned ref once the closed modal has left the
 * page. It runs after the modal below (if any) has re-armed its focus trap, which focuses that
 * modal's first field on the next tick.
 */
function useFocusReturn(entries: readonly Entry[]) {
  const focusAfterClose = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const opener = focusAfterClose.current;
    if (!opener) return;
    focusAfterClose.current = null;
    const t = setTimeout(() => {
      if (opener.isConnected) opener.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(t);
  }, [entries]);
  return focusAfterClose;
}

/** What each modal's content reports about unsaved changes (useModalDirty), by modal id. */
function useDirtyChecks() {
  const dirtyChecks = useRef(new Map<number, Set<() => boolean>>());
  const isDirty = useCallback((id: number) => [...(dirtyChecks.current.get(id) ?? [])].some((check) => check()), []);
  const watchDirty = useCallback((id: number, check: () => boolean) => {
    const checks = dirtyChecks.current.get(id) ?? new Set();
    dirtyChecks.current.set(id, checks.add(check));
    return () => {
      checks.delete(check);
      if (!checks.size) dirtyChecks.current.delete(id);
    };
  }, []);
  return { isDirty, watchDirty };
}

interface StackedModalProps {
  entry: Entry;
  /** Its place in the stack (0 at the bottom). */
  index: number;
  isTop: boolean;
  title: ReactNode;
  mobile: boolean;
  close: (id: number, value: unknown) => void;
  dismiss: (id: number) => Promise<void>;
  watchDirty: (id: number, check: () => boolean) => () => void;
}

/** One modal of the stack, drawn with its handle in context. */
function StackedModal({ entry, index, isTop, title, mobile, close, dismiss, watchDirty }: StackedModalProps) {
  const zIndex = 200 + index * 10;
  const handle: ModalHandle<unknown> = {
    id: entry.id,
    zIndex,
    close: (v) => close(entry.id, v ?? null),
    dismiss: () => void dismiss(entry.id),
    watchDirty: (check) => watchDirty(entry.id, check),
    isTop,
  };
  const { size = 'md', fullScreenOnMobile = true, closeOnClickOutside = true, testId } = entry.options;
  return (
    <Modal
      opened
      // Escape, the × and a click outside: the person's way out, which asks about unsaved changes.
      onClose={() => void dismiss(entry.id)}
      title={title}
      size={modalWidth(size)}
      fullScreen={mobile && fullScreenOnMobile}
      zIndex={zIndex}
      trapFocus={isTop}
      closeOnEscape={isTop}
      closeOnClickOutside={isTop && closeOnClickOutside}
      // The stack gives the focus back itself (see useFocusReturn).
      returnFocus={false}
      transitionProps={{ duration: mobile ? 0 : 120 }}
      // On the visible dialog element (role="dialog", named by the title), not the zero-size root.
      attributes={{
        content: { 'data-testid': testId, 'data-modal-depth': index, 'data-full-screen': mobile && fullScreenOnMobile ? true : undefined },
      }}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <ModalContext.Provider value={handle}>{entry.render(handle)}</ModalContext.Provider>
    </Modal>
  );
}

export function ModalStackProvider({ children, defaultTitle }: { children: ReactNode; defaultTitle?: ReactNode }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const entriesRef = useRef<Entry[]>([]);
  const mobile = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  /** Titles set from inside modals (`useModalTitle`), by modal id. */
  const [titles, setTitles] = useState<Record<number, ReactNode>>({});
  /** The opener to give the focus back to once the closed modal has left the page. */
  const focusAfterClose = useFocusReturn(entries);
  const { isDirty, watchDirty } = useDirtyChecks();
  /** Modals whose "Discard unsaved changes?" is showing (a second Escape does not ask twice). */
  const asking = useRef(new Set<number>());

  const { goBack, ownPop } = useHistoryBack();

  const commit = useCallback((next: Entry[]) => {
    entriesRef.current = next;
    setEntries(next);
  }, []);

  const closeEntry = useCallback(
    (id: number, value: unknown) => {
      const current = entriesRef.current;
      const entry = current.find((e) => e.id === id);
      if (!entry) return;
      focusAfterClose.current = entry.opener;
      commit(current.filter((e) => e.id !== id));
      goBack(entry.marker == null ? [] : [entry.marker], () => entry.resolve(value ?? null));
    },
    [commit, goBack, focusAfterClose],
  );

  /** Set below, once `open` exists (the question is a modal of the stack). */
  const dismissRef = useRef<(id: number) => Promise<void>>(async () => {});

  useEffect(() => {
    const onPop = () => {
      if (ownPop()) return;
      // The user pressed Back: its history entry is already gone, close the top modal…
      const current = entriesRef.current;
      const top = current[current.length - 1];
      if (!top) return;
      if (isDirty(top.id)) {
        // …unless it holds unsaved changes: put its entry back and ask first.
        pushModalEntry(top.id);
        top.marker = top.id;
        void dismissRef.current(top.id);
        return;
      }
      focusAfterClose.current = top.opener;
      commit(current.slice(0, -1));
      top.resolve(null);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [commit, isDirty, ownPop, focusAfterClose]);

  const open = useCallback(
    <T,>(render: ModalRender<T>, options: ModalOptions, mode: 'push' | 'replace'): Promise<T | null> =>
      new Promise<T | null>((resolve) => {
        const current = entriesRef.current;
        const top = current[current.length - 1];
        const entry: Entry = {
          id: nextId++,
          render: render as ModalRender<unknown>,
          options,
          resolve: resolve as (value: unknown) => void,
          marker: null,
          // A replacing modal stands in for the one it replaces, so it returns to that one's opener.
          opener: mode === 'replace' && top ? top.opener : activeOpener(),
        };
        const pushHistory = () => {
          pushModalEntry(entry.id);
          entry.marker = entry.id;
        };
        if (mode === 'replace' && top) {
          entry.marker = top.marker;
          commit([...current.slice(0, -1), entry]);
          top.resolve(null);
          if (entry.marker == null) pushHistory();
          return;
        }
        pushHistory();
        commit([...current, entry]);
      }),
    [commit],
  );

  /** Closes modal `id` with null, asking first when it holds unsaved changes. */
  const dismiss = useCallback(
    async (id: number) => {
      if (!entriesRef.current.some((e) => e.id === id) || asking.current.has(id)) return;
      if (!isDirty(id)) {
        closeEntry(id, null);
        return;
      }
      asking.current.add(id);
      try {
        // The question's body comes with the Modal's chunk (loaded with the first dialog, not the first screen).
        const { ConfirmBody } = await import('./mantine-modal.ts');
        const discard = await open<boolean>(
          (m) => <ConfirmBody message={DISCARD_QUESTION} confirmLabel="Discard" cancelLabel="Keep editing" danger onClose={m.close} />,
          { title: 'Unsaved changes', size: 'sm', fullScreenOnMobile: false, testId: 'discard-dialog' },
          'push',
        );
        if (discard === true) closeEntry(id, null);
      } finally {
        asking.current.delete(id);
      }
    },
    [closeEntry, isDirty, open],
  );
  useEffect(() => {
    dismissRef.current = dismiss;
  }, [dismiss]);

  const setTitle = useCallback((id: number, title: ReactNode) => setTitles((t) => (t[id] === title ? t : { ...t, [id]: title })), []);

  const api = useMemo<ModalStackApi>(
    () => ({
      push: (render, options = {}) => open(render, options, 'push'),
      replace: (render, options = {}) => open(render, options, 'replace'),
      closeTop: (value) => {
        const top = entriesRef.current[entriesRef.current.length - 1];
        if (top) closeEntry(top.id, value ?? null);
      },
      closeAll: () =>
        new Promise<void>((resolve) => {
          const current = entriesRef.current;
          if (!current.length) return resolve();
          focusAfterClose.current = current[0]!.opener;
          commit([]);
          const markers = current.flatMap((e) => (e.marker == null ? [] : [e.marker]));
          goBack(markers, () => {
            for (const e of current.reverse()) e.resolve(null);
            resolve();
          });
        }),
      count: entries.length,
    }),
    [open, closeEntry, commit, goBack, focusAfterClose, entries.length],
  );

  return (
    <StackContext.Provider value={api}>
      <TitleContext.Provider value={setTitle}>
        {children}
        <Suspense fallback={null}>
          {entries.map((entry, index) => (
            <StackedModal
              key={entry.id}
              entry={entry}
              index={index}
              isTop={index === entries.length - 1}
              title={titles[entry.id] ?? entry.options.title ?? defaultTitle}
              mobile={mobile}
              close={closeEntry}
              dismiss={dismiss}
              watchDirty={watchDirty}
            />
          ))}
        </Suspense>
      </TitleContext.Provider>
    </StackContext.Provider>
  );
}

export function useModals(): ModalStackApi {
  const api = useContext(StackContext);
  if (!api) throw new Error('useModals needs a ModalStackProvider');
  return api;
}

/** The handle of the modal this component is rendered in. */
export function useModal<T = unknown>(): ModalHandle<T> {
  const handle = useContext(ModalContext);
  if (!handle) throw new Error('useModal must be used inside a modal of the stack');
  return handle as ModalHandle<T>;
}

/** z-index for a drop-down (picker list, select options) rendered from here: just above its modal. */
export function useLayerZIndex(): number {
  const handle = useContext(ModalContext);
  return handle ? handle.zIndex + 5 : 300;
}

/** The handle if rendered inside a modal, else null (for components used both ways). */
export function useOptionalModal<T = unknown>(): ModalHandle<T> | null {
  return useContext(ModalContext) as ModalHandle<T> | null;
}

/** Sets the title of the modal this component is rendered in (before paint, so it never flickers). */
export function useModalTitle(title: ReactNode | undefined): void {
  const setTitle = useContext(TitleContext);
  const handle = useContext(ModalContext);
  const id = handle?.id;
  useLayoutEffect(() => {
    if (setTitle && id != null && title !== undefined) setTitle(id, title);
  }, [setTitle, id, title]);
}
