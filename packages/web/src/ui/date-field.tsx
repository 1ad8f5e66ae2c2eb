/** A date field ('YYYY-MM-DD' in, m/d/Y shown, typed or picked from the calendar): the rules of fields.tsx. */
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useFieldCheck } from './field-checks.ts';
import { onEnter } from './fields.tsx';
import { useLayerZIndex } from './modal-stack.tsx';
import { readOnlyInputProps, useReadOnly } from './read-only.tsx';
import { beneath } from './text-field.tsx';

/** The message under a date field whose text is no date (02/30/2026, 13/1/2026, "soon"). */
export const INVALID_DATE = 'Invalid date';

/**
 * Reads a typed date strictly: m/d/yyyy (also with `-` or `.`, or a 2-digit year: 20yy) or
 * yyyy-mm-dd, as 'YYYY-MM-DD'; null when it names no day of the calendar. Nothing rolls over:
 * 02/30/2026 is not 3/2/2026.
 */
export function parseDateText(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(s);
    if (!match) return null;
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3]!.length === 2) y += 2000;
  }
  if (y < 1000 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'description' | 'dateParser' | 'fixOnBlur'> {
  value?: string | null;
  onChange: (value: string | null) => void;
  helper?: ReactNode;
}

/**
 * A date: typed as m/d/yyyy (or picked from the calendar), 'YYYY-MM-DD' to the form. Typed text
 * that names no day stays as typed with "Invalid date" beneath, and the form's value is left as it
 * was (the form does not submit meanwhile).
 */
export function DateField({ value, onChange, helper, error, readOnly, onBlur, onKeyDown, id, ...rest }: DateFieldProps) {
  const zIndex = useLayerZIndex();
  const ro = useReadOnly(readOnly);
  const ownId = useId();
  const inputId = id ?? ownId;
  /** Text typed that is not (yet) the form's value; null once the value matches what is shown. */
  const [typed, setTypedState] = useState<string | null>(null);
  const typedRef = useRef<string | null>(null);
  const setTyped = (next: string | null) => {
    typedRef.current = next;
    setTypedState(next);
  };
  const [shown, setShown] = useState(false);
  // While the calendar is open, Escape closes it, not the dialog (Mantine's modal skips such Escapes).
  const [calendarOpen, setCalendarOpen] = useState(false);
  const problemOf = (t: string | null) => (t != null && t.trim() !== '' && parseDateText(t) == null ? INVALID_DATE : null);
  const problem = problemOf(typed);
  useFieldCheck({
    problem: () => (ro ? null : problemOf(typedRef.current)),
    pending: () => !ro && problemOf(typedRef.current) != null,
    reveal: () => setShown(true),
    element: () => document.getElementById(inputId),
  });
  return (
    <DateInput
      id={inputId}
      value={value || null}
      onChange={(v) => {
        setTyped(null);
        onChange(v ? String(v).slice(0, 10) : null);
      }}
      // Typed text: read strictly; what it cannot read leaves the value alone, and the text stays.
      onInput={(e: React.FormEvent<HTMLInputElement>) => {
        setTyped(e.currentTarget.value);
        setShown(false);
      }}
      dateParser={parseDateText}
      fixOnBlur={problem == null}
      valueFormat="M/D/YYYY"
      // weeks start on Sunday (docs/platform.md, Formats), as the schedule's calendar and the time cards
      firstDayOfWeek={0}
      clearable={!ro}
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      {...beneath(shown && problem && !ro ? problem : error, helper)}
      onBlur={(e) => {
        setShown(true);
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') setShown(true);
        onEnter(e);
        onKeyDown?.(e);
      }}
      popoverProps={{ zIndex, onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) }}
      data-mantine-stop-propagation={calendarOpen || undefined}
      {...rest}
      {...readOnlyInputProps(ro)}
    />
  );
}
