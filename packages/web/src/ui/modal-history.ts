/**
 * The modal stack's history entries (modal-stack.tsx): each pushed modal owns a browser history
 * entry (same URL, marked with its id), so Back closes the top modal; closing one in code takes its
 * entry back out and waits for the browser to have made the move.
 */
import { useCallback, useRef } from 'react';

const HISTORY_KEY = 'glazierModal';
/** If the browser has not reported the history move after this long, look at the history itself… */
const HISTORY_SETTLE_TIMEOUT = 400;
/** …and resolve anyway after at most this long. */
const HISTORY_SETTLE_MAX = 4000;

/** Adds a history entry (same URL) marked as modal `id`'s. */
export function pushModalEntry(id: number) {
  window.history.pushState({ ...(window.history.state as object | null), [HISTORY_KEY]: id }, '');
}

/**
 * `goBack` moves history back over the modals' entries; `ownPop` tells a popstate that move caused
 * (it settles the move's callback) from the person's Back.
 */
export function useHistoryBack() {
  /** History moves we started ourselves; each settles its callbacks when its popstate arrives. */
  const expectedPops = useRef<{ settle: () => void; timer: ReturnType<typeof setTimeout> | undefined }[]>([]);

  /**
   * Moves history back over the entries marked `markers`, then runs `after` once the browser has
   * made the move (its popstate), or — if it never reports it — once the history no longer shows
   * one of those entries (a busy page can run our timer before the browser's own move).
   */
  const goBack = useCallback((markers: readonly number[], after: () => void) => {
    if (!markers.length) {
      after();
      return;
    }
    let done = false;
    let waited = 0;
    const settle = () => {
      if (done) return;
      done = true;
      after();
    };
    const pending = { settle, timer: undefined as ReturnType<typeof setTimeout> | undefined };
    const check = () => {
      const marker = (window.history.state as Record<string, unknown> | null)?.[HISTORY_KEY];
      if (markers.includes(marker as number) && waited < HISTORY_SETTLE_MAX) {
        waited += HISTORY_SETTLE_TIMEOUT;
        pending.timer = setTimeout(check, HISTORY_SETTLE_TIMEOUT);
        return;
      }
      expectedPops.current = expectedPops.current.filter((p) => p !== pending);
      settle();
    };
    pending.timer = setTimeout(check, HISTORY_SETTLE_TIMEOUT);
    expectedPops.current.push(pending);
    window.history.go(-markers.length);
  }, []);

  /** Whether this popstate is a move `goBack` made (then its callback runs now). */
  const ownPop = useCallback(() => {
    const expected = expectedPops.current.shift();
    if (!expected) return false;
    clearTimeout(expected.timer);
    expected.settle();
    return true;
  }, []);

  return { goBack, ownPop };
}
