/**
 * Text fields of the app (docs/platform.md, Dialogs): the error (or else the helper text) shows beneath the
 * input, Enter moves focus to the next field (`enterNext={false}` turns that off), and
 * `autoFocusDelayed` focuses the field 200 ms after it mounts (after a modal's opening transition).
 * Enter on the form's last field submits the form (focus-next.ts). In a read-only form (or with
 * `readOnly`) a field shows its value as text (read-only.tsx).
 */
import { PasswordInput, Textarea, TextInput, type PasswordInputProps, type TextareaProps, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { enterToNext } from './focus-next.ts';
import { readOnlyInputProps, useReadOnly } from './read-only.tsx';

export const AUTOFOCUS_DELAY_MS = 200;

interface Extra {
  /** Helper text shown when there is no error. */
  helper?: ReactNode;
  enterNext?: boolean;
  autoFocusDelayed?: boolean;
}

function useDelayedFocus<T extends HTMLElement>(enabled: boolean | undefined): Ref<T> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!enabled) return;
    // Once the user acts (a click, a key) the field no longer takes the focus: a quick Delete and
    // Enter on its confirmation can be over before the delay, and the focus is back on Delete.
    const cancel = () => clearTimeout(t);
    const t = setTimeout(() => {
      removeListeners();
      // Don't steal focus from a field the user already moved to…
      const active = document.activeElement;
      if (active && active !== ref.current && active.matches('input, textarea, select, [contenteditable="true"]')) return;
      // …nor from a dialog opened on top in the meantime (a quick Delete's confirmation).
      const own = ref.current?.closest('[role="dialog"]');
      if (own && active && active !== document.body && !own.contains(active)) return;
      ref.current?.focus();
    }, AUTOFOCUS_DELAY_MS);
    const removeListeners = () => {
      document.removeEventListener('pointerdown', cancel, true);
      document.removeEventListener('keydown', cancel, true);
    };
    document.addEventListener('pointerdown', cancel, true);
    document.addEventListener('keydown', cancel, true);
    return () => {
      clearTimeout(t);
      removeListeners();
    };
  }, [enabled]);
  return ref;
}

function keyHandler<E extends HTMLElement>(enterNext: boolean | undefined, own?: (e: KeyboardEvent<E>) => void) {
  return (event: KeyboardEvent<E>) => {
    own?.(event);
    if (!event.defaultPrevented && enterNext !== false) enterToNext(event);
  };
}

const BENEATH_ORDER: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** The error, or else the helper text, beneath the input: the props every field of the app passes to its Mantine input. */
export function beneath(error: ReactNode, helper: ReactNode) {
  return { error, description: error ? undefined : helper, inputWrapperOrder: BENEATH_ORDER };
}

/** What a text-like field adds to its Mantine input: delayed autofocus, error/helper beneath, Enter to next, read-only look. */
function useFieldBehaviour<E extends HTMLInputElement | HTMLTextAreaElement>({
  helper,
  enterNext,
  autoFocusDelayed,
  error,
  onKeyDown,
  readOnly,
}: Extra & { error?: ReactNode; onKeyDown?: (e: KeyboardEvent<E>) => void; readOnly?: boolean }) {
  const ro = useReadOnly(readOnly);
  return {
    ref: useDelayedFocus<E>(autoFocusDelayed && !ro),
    // The dialog's form leaves the first focus to this field (dialog-actions.tsx).
    'data-autofocus-delayed': autoFocusDelayed && !ro ? true : undefined,
    ...beneath(error, helper),
    onKeyDown: keyHandler(enterNext, onKeyDown),
    // Spread last by the fields, so a read-only field drops its box and placeholder.
    readOnlyProps: readOnlyInputProps(ro),
  };
}

export type TextFieldProps = Omit<TextInputProps, 'description'> & Extra;

export function TextField({ helper, enterNext, autoFocusDelayed, error, onKeyDown, readOnly, ...rest }: TextFieldProps) {
  const { readOnlyProps, ...behaviour } = useFieldBehaviour({ helper, enterNext, autoFocusDelayed, error, onKeyDown, readOnly });
  return <TextInput {...behaviour} {...rest} {...readOnlyProps} />;
}

export type PasswordFieldProps = Omit<PasswordInputProps, 'description'> & Extra;

export function PasswordField({ helper, enterNext, autoFocusDelayed, error, onKeyDown, readOnly, ...rest }: PasswordFieldProps) {
  const { readOnlyProps, ...behaviour } = useFieldBehaviour({ helper, enterNext, autoFocusDelayed, error, onKeyDown, readOnly });
  return <PasswordInput {...behaviour} {...rest} {...readOnlyProps} />;
}

export type TextAreaFieldProps = Omit<TextareaProps, 'description'> & Omit<Extra, 'enterNext'>;

/** Multi-line text: Enter makes a new line, so it never moves focus. */
export function TextAreaField({ helper, autoFocusDelayed, error, onKeyDown, readOnly, ...rest }: TextAreaFieldProps) {
  const { readOnlyProps, ...behaviour } = useFieldBehaviour({ helper, enterNext: false, autoFocusDelayed, error, onKeyDown, readOnly });
  return <Textarea {...behaviour} autosize minRows={readOnlyProps.readOnly ? 1 : 2} maxRows={8} {...rest} {...readOnlyProps} />;
}
