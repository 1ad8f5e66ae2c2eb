/**
 * A two-way choice where clicking the selected side switches to the other (docs/domain/catalogue.md, Product categories: a product
 * category's selection method series/product, a series' Stocked / Special Order, an estimate's
 * commercial/residential). Both sides are buttons with `aria-pressed`; read-only (its own
 * `readOnly`, or a read-only form) it shows the chosen label as text.
 *
 *   <ToggleChoice label="Type" options={[{ value: false, label: 'Stocked' }, { value: true, label: 'Special Order' }]}
 *     value={values.special_order} onChange={(v) => form.setFieldValue('special_order', v)} />
 */
import { Button, Input, Text } from '@mantine/core';
import { useId } from 'react';
import { useReadOnly } from './read-only.tsx';

export interface ToggleChoiceOption<V> {
  value: V;
  label: string;
}

export interface ToggleChoiceProps<V> {
  label: string;
  options: readonly [ToggleChoiceOption<V>, ToggleChoiceOption<V>];
  value: V;
  onChange: (value: V) => void;
  readOnly?: boolean;
  'data-testid'?: string;
}

/** The value after clicking `clicked`: it, or the other side when it is already selected. */
export function nextChoice<V>(options: readonly [ToggleChoiceOption<V>, ToggleChoiceOption<V>], value: V, clicked: V): V {
  if (clicked !== value) return clicked;
  return options[0].value === clicked ? options[1].value : options[0].value;
}

export function ToggleChoice<V extends string | boolean>({ label, options, value, onChange, readOnly, ...rest }: ToggleChoiceProps<V>) {
  const ro = useReadOnly(readOnly);
  const labelId = useId();
  const selected = options.find((o) => o.value === value);
  if (ro) {
    return (
      <Input.Wrapper label={label} labelElement="div" id={labelId} data-testid={rest['data-testid']}>
        <Text size="sm" py={4}>
          {selected?.label ?? '—'}
        </Text>
      </Input.Wrapper>
    );
  }
  return (
    <Input.Wrapper label={label} labelElement="div" id={labelId}>
      <div>
        <Button.Group {...{ role: 'group' }} aria-labelledby={`${labelId}-label`} data-testid={rest['data-testid']}>
          {options.map((o) => (
            <Button
              key={String(o.value)}
              size="sm"
              variant={o.value === value ? 'filled' : 'default'}
              aria-pressed={o.value === value}
              onClick={() => onChange(nextChoice(options, value, o.value))}
            >
              {o.label}
            </Button>
          ))}
        </Button.Group>
      </div>
    </Input.Wrapper>
  );
}
