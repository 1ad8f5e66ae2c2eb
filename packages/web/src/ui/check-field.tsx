/** Mantine's checkbox or switch, with the read-only rule of fields.tsx. */
import { Checkbox, Switch, type CheckboxProps } from '@mantine/core';
import { useReadOnly } from './read-only.tsx';

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
