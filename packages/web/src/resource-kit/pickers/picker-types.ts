/** The record picker's props and its list's rows (record-picker.tsx). */
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { RecordOf } from '@glazier/shared/resources/records';
import type { ReactNode } from 'react';
import type { Query } from '../http/http.ts';

export interface RecordPickerProps<N extends ResourceName> {
  resource: N;
  value?: number | null;
  onChange: (id: number | null, record: RecordOf<N> | null) => void;
  label?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  helper?: ReactNode;
  disabled?: boolean;
  /** Show the value as text (default: the form's read-only state). */
  readOnly?: boolean;
  required?: boolean;
  /** Extra filters sent with every search. */
  filters?: Query;
  /** Only active records (default true when the resource has an `active` field). */
  activeOnly?: boolean;
  /** Query parameter that carries the text (default `search`). */
  searchParam?: string;
  /** Text shown for a record (default: its heading, see record-headings.ts). */
  display?: (record: RecordOf<N>) => string;
  /** A second line under each row (default: the heading's second line). */
  describe?: (record: RecordOf<N>) => ReactNode;
  /** Enables the `Add New …` row; resolve with the created record (or null). */
  onAddNew?: (prefill: { name: string; description: string }) => Promise<RecordOf<N> | null>;
  /** Clearing the text and leaving the field sets the value to null (default true). */
  clearable?: boolean;
  /**
   * The matches in two groups, the first above the second, each searched with its own filters
   * (added to `filters`) and shown under its heading.
   */
  groups?: readonly [PickerGroup<N>, PickerGroup<N>];
  /** Called with the records the list shows, whenever they change (e.g. to fetch what they need beside them). */
  onResults?: (records: RecordOf<N>[]) => void;
  /**
   * What the form's own record says of the chosen one (`knownReference`: a time entry's job number
   * and name): shown while that record is neither read nor on the device (offline, a time card
   * read its entries and not their jobs).
   */
  known?: Partial<RecordOf<N>> & { id: number };
  /** Takes the focus when its dialog opens (the modal's focus trap starts at it), e.g. when the fields before it are fixed. */
  autoFocus?: boolean;
  'data-testid'?: string;
}

/** One group of a picker's list (`groups`). */
export interface PickerGroup<N extends ResourceName> {
  /** Its heading ("Sold by Coastal Glass"). */
  label: string;
  filters: Query;
  /** A second line under each row of the group (default: the picker's). */
  describe?: (record: RecordOf<N>) => ReactNode;
}

/** A row of the list: a match, or the `Add New …` row. */
export type PickerItem<T> = { kind: 'record'; record: T; group: number } | { kind: 'add'; text: string };
