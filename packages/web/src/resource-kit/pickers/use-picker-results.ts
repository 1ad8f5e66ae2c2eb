/**
 * What the record picker's list shows (record-picker.tsx): the matches of the text, in one or two
 * groups, asked of the server or, offline, searched among the records on this device; the `Add
 * New …` row when nothing matches; and the chosen record.
 */
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Query } from '../http/http.ts';
import { useQueryOffline } from '../offline/offline.ts';
import { cachedRecords, searchCachedRecords } from '../records/cached-records.ts';
import { usePage, useRecord } from '../records/queries.ts';
import { recordHeading } from '../records/record-headings.ts';
import type { PickerItem, RecordPickerProps } from './picker-types.ts';

export const PICKER_PAGE_SIZE = 20;

interface PickerInput<T> {
  open: boolean;
  /** The person is typing (the text, not the chosen record, is in the box). */
  editing: boolean;
  text: string;
  debounced: string;
  /** The record picked last (shown without asking the server for it). */
  picked: T | null;
}

export function usePickerResults<N extends ResourceName>(props: RecordPickerProps<N>, { open, editing, text, debounced, picked }: PickerInput<RecordOf<N>>) {
  type T = RecordOf<N>;
  const { resource, value, filters, searchParam = 'search', onAddNew } = props;
  const def = RESOURCES[resource];
  const heading = recordHeading(resource);
  const activeOnly = props.activeOnly ?? 'active' in def.fields;
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
  // Until (or unless: offline) the chosen record is read, its copy on the device, else what the form's record says of it.
  const selected =
    value == null
      ? null
      : picked?.id === value
        ? picked
        : (selectedQuery.data ??
          (cachedRecords(queryClient, resource).find((r) => r.id === value) as T | undefined) ??
          (props.known && Number(props.known.id) === value ? (props.known as T) : null));

  const secondRows = !groups
    ? []
    : onDevice
      ? searchOnDevice(groups[1].filters).filter((r) => !firstRows.some((f) => f.id === r.id))
      : (second.data?.data ?? []);
  const rows = [...firstRows, ...secondRows];
  const fetching = page.isFetching || (groups !== undefined && second.isFetching);
  const settled = !fetching && debounced === text;
  const firstCount = rows.length - secondRows.length;
  const items: PickerItem<T>[] = rows.map((record, i) => ({ kind: 'record', record, group: i < firstCount ? 0 : 1 }));
  const addText = text.trim();
  // Offline nothing is known to be missing, so no Add New (the list says it cannot search).
  if (onAddNew && editing && addText && settled && rows.length === 0 && !offline) items.push({ kind: 'add', text: addText });

  return { rows, items, selected, offline, onDevice, fetching, page, second };
}

/** Tells `onResults` what the list shows whenever that changes (to fetch what they need beside them: a vendor's prices). */
export function useReportResults<T extends { id: number }>(open: boolean, rows: T[], onResults: ((records: T[]) => void) | undefined) {
  const shownIds = rows.map((r) => r.id).join(',');
  const shown = useRef(rows);
  shown.current = rows;
  useEffect(() => {
    if (open) onResults?.(shown.current);
  }, [open, shownIds, onResults]);
}
