/**
 * Read-only forms (a user without edit rights opening a record): `RecordDialogForm` wraps its
 * fields in `<ReadOnly value>`, and every field of `ui/` then shows its value as text under its
 * label (a read-only input without a box, still selectable and read out as read-only) instead of a
 * greyed, disabled input. A field's own `readOnly` prop wins over the form's.
 */
import { createContext, useContext, type ReactNode } from 'react';

const ReadOnlyContext = createContext(false);

export function ReadOnly({ value, children }: { value: boolean; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={value}>{children}</ReadOnlyContext.Provider>;
}

/** Whether a field is read-only: its own prop, else its form's. */
export function useReadOnly(own?: boolean): boolean {
  const form = useContext(ReadOnlyContext);
  return own ?? form;
}

/** What a Mantine input gets when read-only: no box, a dash for no value. */
export function readOnlyInputProps(readOnly: boolean): { readOnly?: true; variant?: 'unstyled'; placeholder?: string } {
  return readOnly ? { readOnly: true, variant: 'unstyled', placeholder: '—' } : {};
}
