/**
 * Typed inputs: money (2 decimals), quantity (up to 5 decimals), length (decimal inches in,
 * `35 7/16"` shown, any typed form read on blur), date ('YYYY-MM-DD' in, m/d/Y shown) and phone
 * (digits typed, (xxx) xxx-xxxx shown, stored as '1' + digits). All follow the
 * text-field rules: error or helper beneath, Enter to the next field, read-only as text.
 * `SelectField`, `MultiSelectField` and `CheckField` (checkbox or switch) are Mantine's, with the
 * drop-down above the modal and the same read-only rule.
 */
import {
  Checkbox,
  MultiSelect,
  NumberInput,
  Select,
  Switch,
  type CheckboxProps,
  type MultiSelectProps,
  type NumberInputProps,
  type SelectProps,
} from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { formatLength, parseLength } from '@glazier/shared/rules/length';
import { formatPhone, phoneToStored } from '@glazier/shared/rules/phone';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { enterToNext } from './focus-next.ts';
import { useLayerZIndex } from './modal-stack.tsx';
import { readOnlyInputProps, useReadOnly } from './read-only.tsx';
import { TextField, beneath, type TextFieldProps } from './text-field.tsx';

interface NumberFieldProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'description'> {
  value?: number | null;
  onChange: (value: number | null) => void;
  helper?: ReactNode;
}

function toNumber(v: number | string): number | null {
  if (v === '' || v === '-') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

const onEnter = (e: KeyboardEvent<HTMLInputElement>) => enterToNext(e);

function NumberField({ value, onChange, helper, error, readOnly, ...rest }: NumberFieldProps) {
  const ro = useReadOnly(readOnly);
  return (
    <NumberInput
      value={value ?? ''}
      onChange={(v) => onChange(toNumber(v))}
      hideControls
      {...beneath(error, helper)}
      onKeyDown={onEnter}
      inputMode="decimal"
      {...rest}
      {...readOnlyInputProps(ro)}
    />
  );
}

export function MoneyField(props: NumberFieldProps) {
  return <NumberField prefix="$" decimalScale={2} fixedDecimalScale thousandSeparator="," {...props} />;
}

export function QtyField(props: NumberFieldProps) {
  return <NumberField decimalScale={5} {...props} />;
}

interface LengthFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Inches; or the text typed when it could not be read (the server refuses it with the same message). */
  value?: number | string | null;
  onChange: (value: number | string | null) => void;
}

const lengthText = (v: number | string | null | undefined) => (typeof v === 'number' ? formatLength(v) : (v ?? ''));

/**
 * A glass or cut size (DESIGN.md "Lengths"): typed as `35.4375`, `35 7/16` or `35-7/16`, read on
 * blur (or Enter) by the shared `parseLength`, then shown as `35 7/16"` while the form keeps the
 * decimal. Text it cannot read shows the rule's message beneath at once.
 */
export function LengthField({ value, onChange, error, onBlur, onKeyDown, ...rest }: LengthFieldProps) {
  const [text, setText] = useState(() => lengthText(value));
  const [problem, setProblem] = useState<string | null>(null);
  // Typed since the last read: an untouched `35 7/16"` shown for 35.43 must not round the value.
  const edited = useRef(false);
  const committed = useRef(value);
  useEffect(() => {
    // A value set from outside (a reset, a reload after a conflict) replaces what is shown.
    if (value === committed.current) return;
    committed.current = value;
    setText(lengthText(value));
    setProblem(null);
    edited.current = false;
  }, [value]);
  const [outerSeen, setOuterSeen] = useState(error);
  const [outerHidden, setOuterHidden] = useState(false);
  if (error !== outerSeen) {
    // A new server error shows until the user types again (platform.md 5).
    setOuterSeen(error);
    setOuterHidden(false);
  }

  const read = () => {
    if (!edited.current) return;
    edited.current = false;
    const parsed = parseLength(text);
    const next = parsed.ok ? parsed.inches : text;
    setProblem(parsed.ok ? null : parsed.error);
    if (parsed.ok) setText(formatLength(parsed.inches));
    if (next !== committed.current) {
      committed.current = next;
      onChange(next);
    }
  };

  return (
    <TextField
      autoComplete="off"
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
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

interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'description'> {
  value?: string | null;
  onChange: (value: string | null) => void;
  helper?: ReactNode;
}

export function DateField({ value, onChange, helper, error, readOnly, ...rest }: DateFieldProps) {
  const zIndex = useLayerZIndex();
  const ro = useReadOnly(readOnly);
  return (
    <DateInput
      value={value || null}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
      valueFormat="M/D/YYYY"
      clearable={!ro}
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      {...beneath(error, helper)}
      onKeyDown={onEnter}
      popoverProps={{ zIndex }}
      {...rest}
      {...readOnlyInputProps(ro)}
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

type SelectFieldProps = Omit<SelectProps, 'description'> & { helper?: ReactNode };

export function SelectField({ helper, error, readOnly, comboboxProps, ...rest }: SelectFieldProps) {
  const zIndex = useLayerZIndex();
  const ro = useReadOnly(readOnly);
  return (
    <Select
      {...beneath(error, helper)}
      comboboxProps={{ zIndex, ...comboboxProps }}
      allowDeselect={false}
      {...rest}
      {...readOnlyInputProps(ro)}
      rightSection={ro ? <span /> : rest.rightSection}
    />
  );
}

type MultiSelectFieldProps = Omit<MultiSelectProps, 'description'> & { helper?: ReactNode };

export function MultiSelectField({ helper, error, readOnly, comboboxProps, ...rest }: MultiSelectFieldProps) {
  const zIndex = useLayerZIndex();
  const ro = useReadOnly(readOnly);
  return (
    <MultiSelect
      {...beneath(error, helper)}
      comboboxProps={{ zIndex, ...comboboxProps }}
      {...rest}
      {...readOnlyInputProps(ro)}
      clearable={!ro && rest.clearable}
    />
  );
}

interface CheckFieldProps extends Omit<CheckboxProps, 'type'> {
  /** A switch (on/off settings such as Active) or a checkbox (default). */
  kind?: 'checkbox' | 'switch';
}

/** A checkbox or switch; read-only it keeps its colours (not greyed) but cannot be changed. */
export function CheckField({ kind = 'checkbox', readOnly, onChange, ...rest }: CheckFieldProps) {
  const ro = useReadOnly(readOnly);
  const Cmp = kind === 'switch' ? Switch : Checkbox;
  const props = ro
    ? {
        ...rest,
        onChange: () => {},
        // Cancels the toggle, controlled or not.
        onClick: (e: React.MouseEvent) => e.preventDefault(),
        'aria-readonly': true,
        style: { ...(rest.style as object), cursor: 'default' },
      }
    : { ...rest, onChange };
  return <Cmp {...(props as CheckboxProps)} />;
}
