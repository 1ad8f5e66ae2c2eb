/**
 * Typed inputs: money (2 decimals), quantity (up to 5 decimals), whole numbers, length (decimal
 * inches in, `35 7/16"` shown, any typed form read on blur), date ('YYYY-MM-DD' in, m/d/Y shown;
 * date-field.tsx) and phone (digits typed, (xxx) xxx-xxxx shown, stored as '1' + digits). All
 * follow the text-field rules: error or helper beneath, Enter to the next field, read-only as text.
 * `SelectField` (select-field.tsx), `MultiSelectField` (multi-select-field.tsx) and `CheckField`
 * (checkbox or switch, check-field.tsx) are Mantine's, with the drop-down above the modal and the
 * same read-only rule. Each kind is a module of its own, so a screen that shows a select only does
 * not fetch the calendar, the multi-select or the checkbox.
 *
 * Honest inputs: a number, length or date field never changes what was typed into
 * something else. Text it cannot read (`1e20`, `abc`, 02/30/2026) or a value outside the field's
 * declared range (`bounds`, from the shared definition: `-5` where the minimum is 0) stays as
 * typed with the message beneath (shown on leaving the field, or on Save), the form will not
 * submit it (field-checks.ts), and closing the dialog counts it as an unsaved change. What is
 * accepted is the number typed, shown in the field's own format once the field is left.
 */
import { boundsMessage, type NumberBounds } from '@glazier/shared/resources/fields';
import { formatLength, parseLength } from '@glazier/shared/rules/length';
import { formatPhone, phoneToStored } from '@glazier/shared/rules/phone';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useFieldCheck } from './field-checks.ts';
import { enterToNext } from './focus-next.ts';
import { numberText, outOfBounds, readNumberText, type NumberTextKind } from './number-text.ts';
import { useReadOnly } from './read-only.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

export interface NumberFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue' | 'min' | 'max'> {
  value?: number | null;
  /** Called with what was typed, as a number (null for no text); not called while the text cannot be read. */
  onChange: (value: number | null) => void;
  /**
   * The range the field's definition declares (`numberBounds(def)`; a record form's
   * `getInputProps` adds it for number fields): a value outside it shows the server's message.
   */
  bounds?: NumberBounds;
}

export const onEnter = (e: KeyboardEvent<HTMLInputElement>) => enterToNext(e);

/** Whether the server would refuse a value exactly as typed: the message, else null. */
function numberProblem(text: string, kind: NumberTextKind, bounds: NumberBounds | undefined): string | null {
  const read = readNumberText(text, kind);
  if (!read.ok) return read.error;
  if (read.value != null && bounds && outOfBounds(bounds, read.value)) return boundsMessage(bounds, read.value);
  return null;
}

/**
 * A number typed as text and read strictly (number-text.ts). While the person types, the text is
 * theirs: a value set from outside (another field's rule, a reset) shows once they leave it.
 */
function NumberField({ kind, value, onChange, bounds, error, onBlur, onFocus, onKeyDown, readOnly, id, ...rest }: NumberFieldProps & { kind: NumberTextKind }) {
  const ro = useReadOnly(readOnly);
  const ownId = useId();
  const inputId = id ?? ownId;
  const [text, setText] = useState(() => numberText(value, kind));
  const [shown, setShown] = useState(false);
  const textRef = useRef(text);
  const focused = useRef(false);
  /** The value the text stands for: what was last reported, or last shown from outside. */
  const current = useRef(value ?? null);
  const setTyped = (next: string) => {
    textRef.current = next;
    setText(next);
  };

  useEffect(() => {
    // A value set from outside replaces the text, unless the person is typing in the field.
    if (focused.current || (value ?? null) === current.current) return;
    current.current = value ?? null;
    setTyped(numberText(value, kind));
    setShown(false);
  }, [value, kind]);

  const problem = numberProblem(text, kind, bounds);
  useFieldCheck({
    problem: () => (ro ? null : numberProblem(textRef.current, kind, bounds)),
    // Text that reads as no number never reached the form.
    pending: () => !ro && !readNumberText(textRef.current, kind).ok,
    reveal: () => setShown(true),
    element: () => document.getElementById(inputId),
  });

  const settle = () => {
    setShown(true);
    if (numberProblem(textRef.current, kind, bounds) != null) return; // stays as typed, with its message
    // Accepted: shown in the field's format; or the value the form holds, when it changed it.
    const read = readNumberText(textRef.current, kind);
    const shownValue = read.ok && read.value === (value ?? null) ? read.value : (value ?? null);
    current.current = shownValue;
    setTyped(numberText(shownValue, kind));
  };

  return (
    <TextField
      id={inputId}
      autoComplete="off"
      // A phone's number pad (a field signed by design asks for `inputMode="text"`: the pad has no minus).
      inputMode={kind === 'int' ? 'numeric' : 'decimal'}
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setTyped(next);
        setShown(false);
        const read = readNumberText(next, kind);
        if (read.ok && read.value !== current.current) {
          current.current = read.value;
          onChange(read.value);
        }
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        focused.current = true;
        onFocus?.(e);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        focused.current = false;
        settle();
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') setShown(true);
        onKeyDown?.(e);
      }}
      error={shown && problem && !ro ? problem : error}
      readOnly={readOnly}
      {...rest}
    />
  );
}

/** Dollars and cents: `$1,234.50` shown; `1234.5`, `$1,234.50`, `-$5` typed. */
export function MoneyField(props: NumberFieldProps) {
  return <NumberField kind="money" {...props} />;
}

/** A quantity, up to 5 decimals. */
export function QtyField(props: NumberFieldProps) {
  return <NumberField kind="qty" {...props} />;
}

/** A whole number. */
export function IntField(props: NumberFieldProps) {
  return <NumberField kind="int" {...props} />;
}

interface LengthFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Inches; or the text typed when it could not be read (the server refuses it with the same message). */
  value?: number | string | null;
  onChange: (value: number | string | null) => void;
  /** A length's range (more than 0, at most the longest size): `numberBounds` of its definition. */
  bounds?: NumberBounds;
}

const lengthText = (v: number | string | null | undefined) => (typeof v === 'number' ? formatLength(v) : (v ?? ''));

/** The message for a length's text, or null when it reads as a length within `bounds`. */
function lengthProblem(text: string, bounds: NumberBounds | undefined): string | null {
  if (text.trim() === '') return null;
  const parsed = parseLength(text);
  if (!parsed.ok) return parsed.error;
  return bounds && parsed.inches != null && outOfBounds(bounds, parsed.inches) ? boundsMessage(bounds, parsed.inches) : null;
}

/**
 * A glass or cut size (docs/platform.md, Formats): typed as `35.4375`, `35 7/16` or `35-7/16`, read on
 * blur (or Enter) by the shared `parseLength`, then shown as `35 7/16"` while the form keeps the
 * decimal. Text it cannot read, or a size out of range, stays as typed with the rule's message
 * beneath.
 */
export function LengthField({ value, onChange, error, onBlur, onKeyDown, bounds, id, ...rest }: LengthFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const [text, setText] = useState(() => lengthText(value));
  const textRef = useRef(text);
  const [problem, setProblem] = useState<string | null>(null);
  // Typed since the last read: an untouched `35 7/16"` shown for 35.43 must not round the value.
  const edited = useRef(false);
  const committed = useRef(value);
  useEffect(() => {
    // A value set from outside (a reset, a reload after a conflict) replaces what is shown.
    if (value === committed.current) return;
    committed.current = value;
    textRef.current = lengthText(value);
    setText(textRef.current);
    setProblem(null);
    edited.current = false;
  }, [value]);
  const [outerSeen, setOuterSeen] = useState(error);
  const [outerHidden, setOuterHidden] = useState(false);
  if (error !== outerSeen) {
    // A new server error shows until the user types again (docs/platform.md, Errors).
    setOuterSeen(error);
    setOuterHidden(false);
  }
  const ro = useReadOnly(rest.readOnly);
  useFieldCheck({
    problem: () => (ro || !(edited.current || typeof committed.current === 'string') ? null : lengthProblem(textRef.current, bounds)),
    pending: () => edited.current,
    reveal: () => setProblem(lengthProblem(textRef.current, bounds)),
    element: () => document.getElementById(inputId),
  });

  const read = () => {
    if (!edited.current) return;
    edited.current = false;
    const parsed = parseLength(text);
    const next = parsed.ok ? parsed.inches : text;
    const message = lengthProblem(text, bounds);
    setProblem(message);
    if (parsed.ok && !message) {
      textRef.current = formatLength(parsed.inches);
      setText(textRef.current);
    }
    if (next !== committed.current) {
      committed.current = next;
      onChange(next);
    }
  };

  return (
    <TextField
      id={inputId}
      autoComplete="off"
      value={text}
      onChange={(e) => {
        textRef.current = e.currentTarget.value;
        setText(textRef.current);
        edited.current = true;
        setProblem(null);
        setOuterHidden(true);
      }}
      onBlur={(e) => {
        read();
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        // Enter on the last field submits: the form must hold the value read from the text first.
        if (e.key === 'Enter') read();
        onKeyDown?.(e);
      }}
      error={problem ?? (outerHidden ? undefined : error)}
      {...rest}
    />
  );
}
interface PhoneFieldProps extends Omit<TextFieldProps, 'value' | 'onChange'> {
  /** Stored form ('1' + up to 10 digits) or ''. */
  value?: string | null;
  onChange: (stored: string) => void;
}

export function PhoneField({ value, onChange, ...rest }: PhoneFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(555) 555-5555"
      value={formatPhone(value)}
      onChange={(e) => onChange(phoneToStored(e.currentTarget.value))}
      {...rest}
    />
  );
}
