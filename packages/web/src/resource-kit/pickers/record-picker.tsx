/**
 * Related-record picker (docs/platform.md, Pickers and lookups): a text box with a drop-down of matching records of one
 * resource.
 *
 *   <RecordPicker resource="client_types" label="Client type" value={id}
 *     onChange={(id, type) => ...}          // type: RecordOf<'client_types'> | null
 *     onAddNew={(prefill) => modals.push((m) => <ClientTypeDialog initial={prefill} />)} />
 *
 * - Typing is debounced 500 ms; it asks for 20 records a page with `search=` (the resource's search
 *   columns, which start with its title field `name`) and, when the resource has `active`,
 *   `active=true` unless `activeOnly={false}`.
 * - The list opens on typing, on the arrow keys, or on a click in the box (not on merely tabbing or
 *   Enter-ing through, so it never covers the next field uninvited).
 * - Arrow keys move the highlight and wrap, keeping it scrolled into view; Enter or Tab picks the
 *   highlighted row; click picks. Escape closes only the list (not the dialog) and keeps the value;
 *   a click anywhere outside closes the list at once without picking.
 * - Rows are headed and ordered by `recordHeading` (a job by its number, newest first).
 * - When nothing matches and `onAddNew` is given, a row `Add New {Label} {text}` calls it with
 *   `{name, description}` from the text (open a stacked creation dialog there); the record it
 *   resolves with is selected.
 * - The list opens below the input, or above it when there is more room there; it closes 500 ms
 *   after the input loses focus.
 * - Offline it searches the records this device already has (cached-records.ts: those seen in
 *   lists, pages and screens) and says so; with none it says it cannot search, never "Searching…"
 *   forever.
 * - `groups` lists the matches in two groups, each under its heading and asked with its own filters
 *   (the PO material picker: the order's vendor's materials first, then the others).
 * - Read-only (its own `readOnly`, or a read-only form) it shows the chosen record as text.
 */
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { RecordOf } from '@glazier/shared/resources/records';
import { Loader, Popover, ScrollArea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLayerZIndex } from '../../ui/modal-stack.tsx';
import { readOnlyInputProps, useReadOnly } from '../../ui/read-only.tsx';
import { useListNavigation } from '../lists/use-list-navigation.ts';
import { recordHeading } from '../records/record-headings.ts';
import { PickerList } from './picker-list.tsx';
import type { PickerItem, RecordPickerProps } from './picker-types.ts';
import { DROPDOWN_MAX_HEIGHT, usePickerBox } from './use-picker-box.ts';
import { usePickerResults, useReportResults } from './use-picker-results.ts';

export { PICKER_CLOSE_DELAY_MS } from './use-picker-box.ts';

export const PICKER_DEBOUNCE_MS = 500;

export type { PickerGroup, RecordPickerProps } from './picker-types.ts';

export function RecordPicker<N extends ResourceName>(props: RecordPickerProps<N>) {
  type T = RecordOf<N>;
  const { resource, value, onChange, onAddNew, clearable = true, groups } = props;
  const def = RESOURCES[resource];
  const heading = recordHeading(resource);
  const display = props.display ?? heading.primary;
  const describe = props.describe ?? heading.secondary;
  const readOnly = useReadOnly(props.readOnly);

  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const [debounced] = useDebouncedValue(text, PICKER_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  const zIndex = useLayerZIndex();
  const listId = useId();

  const { rows, items, selected, offline, onDevice, fetching, page, second } = usePickerResults(props, { open, editing, text, debounced, picked });

  const close = useCallback(() => {
    setOpen(false);
    setEditing(false);
    setText('');
  }, []);

  // The latest state, for closes that run outside a render (blur timer, outside click).
  const latest = useRef({ editing, text, value });
  latest.current = { editing, text, value };

  /** Closes the list without picking; emptied text clears the value (when clearable). */
  const dismiss = useCallback(() => {
    const { editing: wasEditing, text: typed, value: current } = latest.current;
    if (wasEditing && clearable && typed.trim() === '' && current != null) {
      setPicked(null);
      onChange(null, null);
    }
    close();
  }, [clearable, close, onChange]);

  const pick = useCallback(
    async (item: PickerItem<T> | undefined) => {
      if (!item) return;
      close();
      if (item.kind === 'record') {
        setPicked(item.record);
        onChange(item.record.id, item.record);
        return;
      }
      const created = await onAddNew?.({ name: item.text, description: item.text });
      if (created) {
        setPicked(created);
        onChange(created.id, created);
      }
      inputRef.current?.focus();
    },
    [close, onAddNew, onChange],
  );

  const nav = useListNavigation(items.length, (i) => void pick(items[i]));
  const { setHighlight } = nav;

  // Typing highlights the first match so Enter/Tab picks it; just focusing highlights nothing.
  useEffect(() => {
    setHighlight(editing && debounced.trim() !== '' && items.length > 0 ? 0 : -1);
  }, [editing, debounced, items.length, page.dataUpdatedAt, second.dataUpdatedAt, setHighlight]);

  useReportResults(open, rows, props.onResults);

  const { placement, openList, onFocus, onBlur, onKeyDown } = usePickerBox({ open, setOpen, inputRef, dropdownRef, dismiss, close, listKey: nav.onKeyDown });

  const boxText = editing ? text : selected ? display(selected) : '';
  // Only while the list is open: a closed list's row is no element to point at (axe: aria-valid-attr-value).
  const activeId = open && nav.highlight >= 0 ? `${listId}-${nav.highlight}` : undefined;
  const loading = open && !offline && (fetching || debounced !== text);

  if (readOnly) {
    return (
      <TextInput
        label={props.label}
        value={selected ? display(selected) : ''}
        description={props.helper}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-testid={props['data-testid']}
        {...readOnlyInputProps(true)}
      />
    );
  }

  return (
    <Popover
      opened={open}
      position={placement === 'top' ? 'top-start' : 'bottom-start'}
      width="target"
      withinPortal
      zIndex={zIndex}
      middlewares={{ flip: false, shift: true, inline: false }}
      trapFocus={false}
      returnFocus={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      offset={4}
      withRoles={false}
      hideDetached={false}
      // No closing fade: a list that lingers while it fades out would take the click meant for
      // the field beneath it.
      transitionProps={{ duration: 0 }}
    >
      <Popover.Target>
        <TextInput
          ref={inputRef}
          label={props.label}
          placeholder={props.placeholder ?? `Search ${def.label.toLowerCase()}…`}
          error={props.error}
          description={props.error ? undefined : props.helper}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={props.disabled}
          required={props.required}
          value={boxText}
          onChange={(e) => {
            setEditing(true);
            setText(e.currentTarget.value);
            if (!open) openList();
          }}
          onFocus={onFocus}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
          onPointerDown={() => {
            if (!open) openList();
          }}
          data-mantine-stop-propagation={open || undefined}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          rightSection={loading ? <Loader size={14} /> : undefined}
          data-testid={props['data-testid']}
          data-placement={placement}
          data-autofocus={props.autoFocus || undefined}
        />
      </Popover.Target>
      <Popover.Dropdown p={4} ref={dropdownRef}>
        <ScrollArea.Autosize mah={DROPDOWN_MAX_HEIGHT} type="auto">
          <PickerList
            listId={listId}
            items={items}
            groups={groups}
            highlight={nav.highlight}
            onHighlight={nav.setHighlight}
            onPick={(item) => void pick(item)}
            display={display}
            describe={describe}
            label={def.label}
            onDevice={onDevice}
            text={text}
            offline={offline}
            loading={loading}
          />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
