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
import { Loader, Popover, ScrollArea, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { enterToNext } from '../../ui/focus-next.ts';
import { ListOption } from '../../ui/list-option.tsx';
import { useLayerZIndex } from '../../ui/modal-stack.tsx';
import { readOnlyInputProps, useReadOnly } from '../../ui/read-only.tsx';
import { cachedRecords, searchCachedRecords } from '../records/cached-records.ts';
import type { Query } from '../http/http.ts';
import { usePage, useRecord } from '../records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { OFFLINE_CACHED_SEARCH_MESSAGE, OFFLINE_SEARCH_MESSAGE, useQueryOffline } from '../offline/offline.ts';
import { recordHeading } from '../records/record-headings.ts';
import { useListNavigation } from '../lists/use-list-navigation.ts';

export const PICKER_DEBOUNCE_MS = 500;
export const PICKER_CLOSE_DELAY_MS = 500;
export const PICKER_PAGE_SIZE = 20;
const DROPDOWN_MAX_HEIGHT = 280;

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

type Item<T> = { kind: 'record'; record: T; group: number } | { kind: 'add'; text: string };

export function RecordPicker<N extends ResourceName>(props: RecordPickerProps<N>) {
  type T = RecordOf<N>;
  const { resource, value, onChange, filters, searchParam = 'search', onAddNew, clearable = true } = props;
  const def = RESOURCES[resource];
  const heading = recordHeading(resource);
  const display = props.display ?? heading.primary;
  const describe = props.describe ?? heading.secondary;
  const activeOnly = props.activeOnly ?? 'active' in def.fields;
  const readOnly = useReadOnly(props.readOnly);

  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const [placement, setPlacement] = useState<'bottom' | 'top'>('bottom');
  const [debounced] = useDebouncedValue(text, PICKER_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const zIndex = useLayerZIndex();
  const listId = useId();

  const search = editing ? debounced.trim() : '';
  const groups = props.groups;
  const query = {
    page: 1,
    per_page: PICKER_PAGE_SIZE,
    [searchParam]: search || undefined,
    ...(heading.sort ? { sort_column: heading.sort.column, sort_direction: heading.sort.direction } : {}),
    ...(activeOnly ? { active: true } : {}),
    ...filters,
  };
  const page = usePage(resource, { ...query, ...groups?.[0].filters }, { enabled: open });
  // The second group's matches (none asked without groups).
  const second = usePage(resource, { ...query, ...groups?.[1].filters }, { enabled: open && groups !== undefined });
  const offline = useQueryOffline(page);
  const selectedQuery = useRecord(resource, picked?.id === value ? null : value);
  const queryClient = useQueryClient();
  // Offline, the records on this device stand in for the server's answer (text typed, not debounced: nothing to wait for).
  const onDevice = open && offline ? (cachedRecords(queryClient, resource) as T[]) : null;
  const searchOnDevice = (extra: Query | undefined) =>
    searchCachedRecords(def, onDevice ?? [], { text: editing ? text : '', filters: { ...query, ...extra }, sort: heading.sort, limit: PICKER_PAGE_SIZE });
  const firstRows = onDevice ? searchOnDevice(groups?.[0].filters) : (page.data?.data ?? []);
  const selected =
    value == null
      ? null
      : picked?.id === value
        ? picked
        : (selectedQuery.data ?? (offline ? ((cachedRecords(queryClient, resource).find((r) => r.id === value) as T | undefined) ?? null) : null));

  const secondRows = !groups
    ? []
    : onDevice
      ? searchOnDevice(groups[1].filters).filter((r) => !firstRows.some((f) => f.id === r.id))
      : (second.data?.data ?? []);
  const rows = [...firstRows, ...secondRows];
  const fetching = page.isFetching || (groups !== undefined && second.isFetching);
  const settled = !fetching && debounced === text;
  const firstCount = rows.length - secondRows.length;
  const items: Item<T>[] = rows.map((record, i) => ({ kind: 'record', record, group: i < firstCount ? 0 : 1 }));
  const addText = text.trim();
  // Offline nothing is known to be missing, so no Add New (the list says it cannot search).
  if (onAddNew && editing && addText && settled && rows.length === 0 && !offline) items.push({ kind: 'add', text: addText });

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
    async (item: Item<T> | undefined) => {
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

  // What the list shows, to whoever needs it beside the rows (a vendor's prices of them).
  const { onResults } = props;
  const shownIds = rows.map((r) => r.id).join(',');
  const shown = useRef(rows);
  shown.current = rows;
  useEffect(() => {
    if (open) onResults?.(shown.current);
  }, [open, shownIds, onResults]);

  useEffect(
    () => () => {
      if (blurTimer.current) clearTimeout(blurTimer.current);
    },
    [],
  );

  // A click (or tap) outside the box and its list closes the list at once, picking nothing.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (inputRef.current?.contains(target) || dropdownRef.current?.contains(target)) return;
      dismiss();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, dismiss]);

  const openList = () => {
    const rect = inputRef.current?.getBoundingClientRect();
    if (rect) {
      const below = window.innerHeight - rect.bottom;
      const above = rect.top;
      setPlacement(below < DROPDOWN_MAX_HEIGHT && above > below ? 'top' : 'bottom');
    }
    setOpen(true);
  };

  const onFocus = () => {
    if (blurTimer.current) clearTimeout(blurTimer.current);
    blurTimer.current = null;
  };

  const onBlur = () => {
    blurTimer.current = setTimeout(() => {
      blurTimer.current = null;
      dismiss();
    }, PICKER_CLOSE_DELAY_MS);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      // The input carries data-mantine-stop-propagation while open, so the modal ignores this Escape.
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      openList();
      return;
    }
    if (open && nav.onKeyDown(event)) return;
    if (event.key === 'Enter') {
      // Moving on without a pick: the list goes at once instead of covering the next field.
      if (open) dismiss();
      enterToNext(event);
    }
  };

  const boxText = editing ? text : selected ? display(selected) : '';
  // Only while the list is open: a closed list's row is no element to point at (axe: aria-valid-attr-value).
  const activeId = open && nav.highlight >= 0 ? `${listId}-${nav.highlight}` : undefined;
  const loading = open && !offline && (fetching || debounced !== text);

  const renderItem = (item: Item<T>, i: number) => {
    const group = item.kind === 'record' ? groups?.[item.group] : undefined;
    const describeRow = group?.describe ?? describe;
    return (
      <ListOption
        key={item.kind === 'record' ? item.record.id : 'add'}
        listId={listId}
        index={i}
        highlighted={i === nav.highlight}
        onHighlight={nav.setHighlight}
        onPick={() => void pick(item)}
        keepFocus
        py={6}
      >
        {item.kind === 'record' ? (
          <>
            <Text size="sm">{display(item.record) || '(no name)'}</Text>
            {describeRow && (
              <Text size="xs" c="dimmed" component="div">
                {describeRow(item.record)}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="var(--mantine-primary-color-filled)" fw={500}>
            Add New {def.label} {item.text}
          </Text>
        )}
      </ListOption>
    );
  };

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
          <div id={listId} {...(items.length ? { role: 'listbox', 'aria-label': `${def.label} results` } : {})}>
            {groups
              ? groups.map((group, g) => {
                  const mine = items.flatMap((item, i) => (item.kind === 'record' && item.group === g ? [i] : []));
                  if (!mine.length) return null;
                  return (
                    <div key={g} role="group" aria-labelledby={`${listId}-g${g}`} data-testid="picker-group">
                      <Text id={`${listId}-g${g}`} size="xs" fw={600} c="dimmed" px="sm" pt={g === 0 ? 4 : 10} pb={2}>
                        {group.label}
                      </Text>
                      {mine.map((i) => renderItem(items[i]!, i))}
                    </div>
                  );
                })
              : items.map(renderItem)}
            {groups && items.map((item, i) => (item.kind === 'add' ? renderItem(item, i) : null))}
            {items.length === 0 && (
              <Text size="sm" c="dimmed" px="sm" py={6} role="status">
                {onDevice?.length && text.trim()
                  ? `You are offline: nothing on this device matches “${text.trim()}”.`
                  : offline
                    ? OFFLINE_SEARCH_MESSAGE
                    : loading
                      ? 'Searching…'
                      : 'No matches'}
              </Text>
            )}
            {items.length > 0 && onDevice && (
              <Text size="xs" c="dimmed" px="sm" pt={6} pb={2} role="status">
                {OFFLINE_CACHED_SEARCH_MESSAGE}
              </Text>
            )}
          </div>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
