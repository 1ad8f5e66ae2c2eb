/**
 * The form's side of honest inputs: a field holding text it cannot turn into a value (a date that
 * does not exist, `1e20` in a money field, `-5` where the field's minimum is 0) registers a check
 * with its form, and the form (DialogForm) refuses to submit while any check has a problem: it
 * shows every problem under its field and puts the focus on the first. What such a field holds also
 * counts as an unsaved change when the dialog is closed (modal-stack.tsx asks first).
 *
 *   useFieldCheck({ problem: () => message | null, reveal: () => setShown(true), element: () => input })
 *
 * Checks are read when asked (on submit, on close), from the field's latest text, so an Enter that
 * reads the text and submits in one go is checked against what was typed.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react';

export interface FieldCheck {
  /** The message when the field holds what cannot be sent, else null. */
  problem: () => string | null;
  /**
   * Typed but not (yet) the form's value (text that cannot be read; a length, read on leaving the
   * field): an unsaved change. A value the form holds that breaks the rule (a default of 0 where
   * more than 0 is needed) is a problem, but no change.
   */
  pending?: () => boolean;
  /** Shows the problem under the field. */
  reveal: () => void;
  /** The input, to focus the first field with a problem. */
  element: () => HTMLElement | null;
}

export type FieldChecks = Set<FieldCheck>;

export const FieldChecksContext = createContext<FieldChecks | null>(null);

/** Registers `check` (its latest version) with the enclosing form, if any. */
export function useFieldCheck(check: FieldCheck): void {
  const checks = useContext(FieldChecksContext);
  const latest = useRef(check);
  useLayoutEffect(() => {
    latest.current = check;
  });
  useEffect(() => {
    if (!checks) return;
    const entry: FieldCheck = {
      problem: () => latest.current.problem(),
      pending: () => latest.current.pending?.() ?? false,
      reveal: () => latest.current.reveal(),
      element: () => latest.current.element(),
    };
    checks.add(entry);
    return () => {
      checks.delete(entry);
    };
  }, [checks]);
}

/** The checks with a problem, in the order their fields appear. */
export function failingChecks(checks: FieldChecks): FieldCheck[] {
  const failing = [...checks].filter((c) => c.problem() != null);
  return failing.sort((a, b) => {
    const ea = a.element();
    const eb = b.element();
    if (!ea || !eb) return 0;
    return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/**
 * Runs before a form's submit: with a problem, shows every one, focuses the first and returns
 * false (the form must not submit); else true.
 */
export function passChecks(checks: FieldChecks): boolean {
  const failing = failingChecks(checks);
  if (!failing.length) return true;
  for (const c of failing) c.reveal();
  failing[0]!.element()?.focus();
  return false;
}

/** Whether any field holds text that is not (yet) the form's value. */
export function holdsUnreadText(checks: FieldChecks): boolean {
  return [...checks].some((c) => c.pending?.() ?? false);
}
