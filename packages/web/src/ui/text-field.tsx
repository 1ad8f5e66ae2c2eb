/**
 * Text fields of the app (platform.md 2.7): the error (or else the helper text) shows beneath the
 * input, Enter moves focus to the next field (`enterNext={false}` turns that off), and
 * `autoFocusDelayed` focuses the field 200 ms after it mounts (after a modal's opening transition).
 */
import { PasswordInput, Textarea, TextInput, type PasswordInputProps, type TextareaProps, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { enterToNext } from './focus-next.ts';

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
    const t = setTimeout(() => {
      // Don't steal focus from a field the user already moved to.
      const active = document.activeElement;
      if (active && active !== ref.current && active.matches('input, textarea, select, [contenteditable="true"]')) return;
      ref.current?.focus();
    }, AUTOFOCUS_DELAY_MS);
    return () => clearTimeout(t);
  }, [enabled]);
  return ref;
}

function keyHandler<E extends HTMLElement>(enterNext: boolean | undefined, own?: (e: KeyboardEvent<E>) => void) {
  return (event: KeyboardEvent<E>) => {
    own?.(event);
    if (!event.defaultPrevented && enterNext !== false) enterToNext(event);
  };
}

export type TextFieldProps = Omit<TextInputProps, 'description'> & Extra;

export function TextField({ helper, enterNext, autoFocusDelayed, error, onKeyDown, ...rest }: TextFieldProps) {
  const ref = useDelayedFocus<HTMLInputElement>(autoFocusDelayed);
  return (
    <TextInput
      ref={ref}
      error={error}
      description={error ? undefined : helper}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      onKeyDown={keyHandler(enterNext, onKeyDown)}
      {...rest}
    />
  );
}

export type PasswordFieldProps = Omit<PasswordInputProps, 'description'> & Extra;

export function PasswordField({ helper, enterNext, autoFocusDelayed, error, onKeyDown, ...rest }: PasswordFieldProps) {
  const ref = useDelayedFocus<HTMLInputElement>(autoFocusDelayed);
  return (
    <PasswordInput
      ref={ref}
      error={error}
      description={error ? undefined : helper}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      onKeyDown={keyHandler(enterNext, onKeyDown)}
      {...rest}
    />
  );
}

export type TextAreaFieldProps = Omit<TextareaProps, 'description'> & Omit<Extra, 'enterNext'>;

/** Multi-line text: Enter makes a new line, so it never moves focus. */
export function TextAreaField({ helper, autoFocusDelayed, error, ...rest }: TextAreaFieldProps) {
  const ref = useDelayedFocus<HTMLTextAreaElement>(autoFocusDelayed);
  return (
    <Textarea
      ref={ref}
      error={error}
      description={error ? undefined : helper}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      autosize
      minRows={2}
      maxRows={8}
      {...rest}
    />
  );
}
