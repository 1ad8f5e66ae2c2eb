/**
 * Typed inputs: money (2 decimals), quantity (up to 5 decimals), date ('YYYY-MM-DD' in, m/d/Y
 * shown) and phone (digits typed, (xxx) xxx-xxxx shown, stored as '1' + digits). All follow the
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
import { formatPhone, phoneToStored } from '@glazier/shared/rules/phone';
import type { KeyboardEvent, ReactNode } from 'react';
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
