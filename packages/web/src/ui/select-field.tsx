/** Mantine's select, with the drop-down above the modal and the read-only rule of fields.tsx. */
import { Select, type SelectProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useLayerZIndex } from './modal-stack.tsx';
import { readOnlyInputProps, useReadOnly } from './read-only.tsx';
import { beneath } from './text-field.tsx';

type SelectFieldProps = Omit<SelectProps, 'description' | 'nothingFoundMessage'> & {
  helper?: ReactNode;
  /**
   * What a searchable list says when the text typed matches no choice (default "No matches"):
   * given the text, it can say why someone is not there ("Erin Employee cannot be scheduled.");
   * null keeps the default.
   */
  nothingFound?: (search: string) => ReactNode;
};

export const NO_MATCHES = 'No matches';

export function SelectField({ helper, error, readOnly, comboboxProps, nothingFound, onSearchChange, ...rest }: SelectFieldProps) {
  const zIndex = useLayerZIndex();
  const ro = useReadOnly(readOnly);
  const [typed, setTyped] = useState('');
  const search = rest.searchValue ?? typed;
  return (
    <Select
      {...beneath(error, helper)}
      comboboxProps={{ zIndex, ...comboboxProps }}
      allowDeselect={false}
      {...rest}
      nothingFoundMessage={rest.searchable ? (nothingFound?.(search) ?? NO_MATCHES) : undefined}
      onSearchChange={(text) => {
        setTyped(text);
        onSearchChange?.(text);
      }}
      {...readOnlyInputProps(ro)}
      // read-only, its list never opens (focused first in a dialog, it would take the dialog's Escape)
      {...(ro && { dropdownOpened: false })}
      rightSection={ro ? <span /> : rest.rightSection}
    />
  );
}
