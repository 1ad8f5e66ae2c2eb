/**
 * The form of a dialog and its footer.
 *
 * `DialogForm` is the `<form>` every dialog with fields uses:
 * - Enter walks the fields and submits on the last one (focus-next.ts), and the footer stays in
 *   view (at the bottom of the screen on a phone, where dialogs are full-screen) however long the
 *   form is.
 * - It opens with the focus on its first field (or the one marked `data-autofocus`), not on the
 *   dialog's close button, so typing goes into the form.
 * - It does not submit while a field holds text it cannot read (field-checks.ts): the problems show
 *   under their fields and the first gets the focus.
 * - It tells its modal about unsaved changes (`dirty`, e.g. `form.isDirty()`; without it, any
 *   typing or ticking in the form counts), so closing asks "Discard unsaved changes?" first.
 *
 * `DialogActions` is the usual footer of a record dialog: Delete on the left (when given), Cancel
 * and Save on the right. Cancel dismisses the modal it is in (asking first about unsaved changes).
 * Saving shows the app's one busy indicator (useLoader), not a second spinner in the button.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import classes from './dialog.module.css';
import { FieldChecksContext, holdsUnreadText, passChecks, type FieldChecks } from './field-checks.ts';
import { enterInForm, firstField } from './focus-next.ts';
import { useOptionalModal } from './modal-stack.tsx';

export interface DialogFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The buttons (usually `<DialogActions>`), kept in view at the bottom. */
  footer: ReactNode;
  /**
   * Whether the form holds unsaved changes (`form.isDirty()`); false for a form whose input is no
   * record's (a login). Left out, any typing or ticking in the form counts as a change.
   */
  dirty?: boolean;
  children: ReactNode;
}

export function DialogForm({ onSubmit, footer, dirty, children }: DialogFormProps) {
  const [checks] = useState<FieldChecks>(() => new Set());
  const formRef = useRef<HTMLFormElement>(null);
  const touched = useRef(false);
  const reported = useRef(dirty);
  useLayoutEffect(() => {
    reported.current = dirty;
  });
  useModalDirty(() => (reported.current ?? touched.current) || holdsUnreadText(checks));
  useFocusFirstField(formRef);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!passChecks(checks)) {
      event.preventDefault();
      return;
    }
    onSubmit(event);
  };
  const touch = () => {
    touched.current = true;
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} onKeyDown={enterInForm} onInput={touch} onChange={touch} className={classes.form}>
      <FieldChecksContext.Provider value={checks}>
        <Stack gap="sm">{children}</Stack>
      </FieldChecksContext.Provider>
      <div className={classes.footer} data-testid="dialog-footer">
        {footer}
      </div>
    </form>
  );
}

/**
 * Once the form shows, the focus goes to its `data-autofocus` field, or else its first field:
 * Mantine's focus trap, finding no marked element, would focus the dialog's close button (where
 * typing does nothing and Enter closes the dialog), and a form shown after a load would get none.
 * A field that focuses itself later (`autoFocusDelayed`) is left to do so, and the focus is not
 * taken from a field the person is already in nor from a dialog opened on top.
 */
function useFocusFirstField(formRef: RefObject<HTMLFormElement | null>) {
  useLayoutEffect(() => {
    // Shown with its modal: mark the first field, which the focus trap then focuses itself.
    const form = formRef.current;
    const dialog = form?.closest('[role="dialog"]');
    if (!form || !dialog || dialog.querySelector('[data-autofocus], [data-autofocus-delayed]')) return;
    firstField(form)?.setAttribute('data-autofocus', '');
  }, [formRef]);
  useEffect(() => {
    // Shown later (after a load): the trap has focused what it found then (the close button).
    // Two turns, to come after the trap's own timers.
    let t = setTimeout(() => {
      t = setTimeout(focusFirst, 0);
    }, 0);
    const focusFirst = () => {
      const form = formRef.current;
      // A form on a page (not in a dialog) leaves the focus where the page put it.
      const dialog = form?.closest('[role="dialog"]');
      if (!form || !dialog || form.querySelector('[data-autofocus-delayed]')) return;
      const active = document.activeElement;
      if (active && active !== document.body) {
        if (!dialog.contains(active)) return; // a dialog opened on top meanwhile
        if (form.contains(active) && active.matches('input, textarea, select, [contenteditable="true"]')) return;
      }
      const target = form.querySelector<HTMLElement>('[data-autofocus]') ?? firstField(form);
      target?.focus({ preventScroll: true });
    };
    return () => clearTimeout(t);
  }, [formRef]);
}

/**
 * Tells the modal this component is rendered in whether it holds unsaved changes, so a person's
 * way out (Escape, ×, click outside, Cancel, Back) asks "Discard unsaved changes?" first
 * (modal-stack.tsx). Read when the modal is about to close, so `isDirty` can look at the latest
 * state. Outside a modal: nothing.
 */
export function useModalDirty(isDirty: () => boolean): void {
  const modal = useOptionalModal();
  const id = modal?.id;
  // The handle is made anew with each render of the stack: its id names the modal.
  const watch = useRef(modal?.watchDirty);
  const latest = useRef(isDirty);
  useLayoutEffect(() => {
    watch.current = modal?.watchDirty;
    latest.current = isDirty;
  });
  useEffect(() => {
    if (id == null) return;
    return watch.current?.(() => latest.current());
  }, [id]);
}

export interface DialogActionsProps {
  /** Default: dismiss the modal the footer is in (asking first about unsaved changes). */
  onCancel?: () => void;
  onDelete?: (() => void) | null;
  /** Hide Save (read-only dialog). */
  canSave?: boolean;
  saveLabel?: string;
  /** Save shown but not clickable (e.g. while an upload goes; Cancel stays). */
  saveDisabled?: boolean;
  /** Extra buttons between Delete and Cancel. */
  extra?: ReactNode;
}

export function DialogActions({ onCancel, onDelete, canSave = true, saveLabel = 'Save', saveDisabled = false, extra }: DialogActionsProps) {
  const modal = useOptionalModal();
  const cancel = onCancel ?? (() => modal?.dismiss());
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        {onDelete && (
          <Button color="red" variant="subtle" onClick={onDelete}>
            Delete
          </Button>
        )}
        {extra}
      </Group>
      <Group gap="xs" ml="auto">
        <Button variant="default" onClick={cancel}>
          {canSave ? 'Cancel' : 'Close'}
        </Button>
        {canSave && (
          <Button type="submit" disabled={saveDisabled}>
            {saveLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
