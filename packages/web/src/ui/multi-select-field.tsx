/** Mantine's multi-select, with the drop-down above the modal and the read-only rule of fields.tsx. */
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLayerZIndex } from './modal-stack.tsx';
import { readOnlyInputProps, useReadOnly } from './read-only.tsx';
import { beneath } from './text-field.tsx';

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
      {...(ro && { dropdownOpened: false })}
      clearable={!ro && rest.clearable}
    />
  );
}
