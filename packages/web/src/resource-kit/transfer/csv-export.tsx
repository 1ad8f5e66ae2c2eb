/**
 * Export of a resource table as CSV: every page of the list API with the table's own query
 * (search, filters, sort), 100 rows a request, values worded as the table words them
 * (field-text.ts: `$1,234.50`, `6/30/2026`, `35 7/16"`, Yes/No; a reference by the name the row
 * carries next to it). A column says what it holds: a yes/no field drawn under a heading of its own
 * (Active as a badge under "Status") is written under the field's name ("Active"), unless the
 * column words it itself (`text`). A list of more than one page shows its progress in a dialog, with Cancel.
 * The file starts with a byte-order mark, so spreadsheet programs read it as UTF-8.
 */
import { MAX_PER_PAGE, type Page } from '@glazier/shared/api';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { formatDateTime, toIsoDate } from '@glazier/shared/rules/dates';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import Papa from 'papaparse';
import { useEffect, useSyncExternalStore } from 'react';
import { fieldText, fieldLabel } from '../forms/field-text.ts';
import { fetchPage } from '../records/queries.ts';
import type { Rec } from '../records/records.ts';
import type { Query } from '../http/http.ts';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import type { TransferColumn } from './transfer-column.ts';

const TIMESTAMPS = new Set(['created_at', 'updated_at', 'deleted_at']);

/** The columns that show a value of the row (a field, a timestamp, or a value the API adds): the others draw buttons or badges of their own. */
export function exportColumns(resource: ResourceName, columns: TransferColumn[], sample: Rec | undefined): TransferColumn[] {
  const fields = RESOURCES[resource].fields as Record<string, FieldDef>;
  return columns.filter(
    (c) => c.text !== undefined || c.key in fields || TIMESTAMPS.has(c.key) || (sample !== undefined && c.key in sample && typeof sample[c.key] !== 'object'),
  );
}

/** One cell as the table words it; a reference by the name the row carries beside it (`vendor_id` → `vendor_name`). */
export function exportCell(resource: ResourceName, key: string, row: Rec): string {
  const fields = RESOURCES[resource].fields as Record<string, FieldDef>;
  const value = row[key];
  if (fields[key]?.kind === 'ref') {
    const name = row[`${key.replace(/_id$/, '')}_name`] ?? row[`${key.replace(/_id$/, '')}_number`];
    return name != null ? String(name) : value == null ? '' : String(value);
  }
  if (TIMESTAMPS.has(key)) return formatDateTime(typeof value === 'string' ? value : null);
  return fieldText(resource, key, value);
}

/** CSV text of worded cells (headings first), with a byte-order mark: a resource's list, or a report's table. */
export function csvText(headings: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${Papa.unparse({ fields: [...headings], data: rows.map((r) => [...r]) })}`;
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A column's heading in the file: its label, but a yes/no field's own name when the label does
 * not name it ("Status" over Yes/No read as a status; "Preferred" over `is_preferred` stays).
 */
export function exportHeading(resource: ResourceName, column: TransferColumn): string {
  const field = (RESOURCES[resource].fields as Record<string, FieldDef>)[column.key];
  if (column.text || field?.kind !== 'bool') return column.label;
  const own = fieldLabel(resource, column.key);
  return squash(own).includes(squash(column.label)) ? column.label : own;
}

/** The CSV text of the rows (headings first), with a byte-order mark. */
export function toCsv(resource: ResourceName, columns: TransferColumn[], rows: Rec[]): string {
  return csvText(
    columns.map((c) => exportHeading(resource, c)),
    rows.map((r) => columns.map((c) => (c.text ? c.text(r) : exportCell(resource, c.key, r)))),
  );
}

/** Every row of the list for this query, page by page; `onPage(done, of)` after each. */
export async function fetchAllRows(
  resource: ResourceName,
  query: Query,
  onPage: (done: number, of: number, rows: number) => void,
  signal?: AbortSignal,
): Promise<Rec[]> {
  const rows: Rec[] = [];
  let page: Page<Rec>;
  let n = 1;
  do {
    page = (await fetchPage(resource, { ...query, page: n, per_page: MAX_PER_PAGE }, signal)) as Page<Rec>;
    rows.push(...page.data);
    onPage(n, page.last_page, rows.length);
    n++;
  } while (n <= page.last_page);
  return rows;
}

/** Hands the text to the browser as a download named `name`. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface ExportState {
  done: number;
  of: number;
  rows: number;
  finished: boolean;
}

/** The export's progress, for its dialog to follow (the export runs outside React). */
class ExportProgressStore {
  state: ExportState = { done: 0, of: 1, rows: 0, finished: false };
  #listeners = new Set<() => void>();
  set(next: Partial<ExportState>) {
    this.state = { ...this.state, ...next };
    for (const l of this.#listeners) l();
  }
  subscribe = (l: () => void) => {
    this.#listeners.add(l);
    return () => void this.#listeners.delete(l);
  };
}

function ExportDialogBody({ store, onCancel }: { store: ExportProgressStore; onCancel: () => void }) {
  const modal = useModal<void>();
  const state = useSyncExternalStore(store.subscribe, () => store.state);
  useEffect(() => {
    if (state.finished) modal.close();
  }, [state.finished, modal]);
  return (
    <Stack>
      <Text size="sm" aria-live="polite">
        {`Page ${state.done} of ${state.of} (${state.rows.toLocaleString('en-US')} rows)`}
      </Text>
      <Progress value={(state.done / Math.max(1, state.of)) * 100} aria-label="Export progress" transitionDuration={150} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** `name`: the file's name without `.csv` (default: `<resource label>-list-<today>`). */
export async function exportCsv({
  modals,
  resource,
  columns,
  query,
  name,
}: {
  modals: ModalStackApi;
  resource: ResourceName;
  columns: TransferColumn[];
  query: Query;
  name?: string;
}): Promise<void> {
  const controller = new AbortController();
  const store = new ExportProgressStore();
  let dialog: Promise<unknown> | null = null;
  let rows: Rec[];
  try {
    rows = await fetchAllRows(
      resource,
      query,
      (done, of, count) => {
        store.set({ done, of, rows: count });
        // A list of several pages shows its progress (one page is there at once).
        if (of > 1 && !dialog) {
          dialog = modals.push<void>(() => <ExportDialogBody store={store} onCancel={() => controller.abort()} />, {
            title: `Exporting ${RESOURCES[resource].label.toLowerCase()} list`,
            size: 'sm',
            fullScreenOnMobile: false,
            closeOnClickOutside: false,
            testId: 'export-dialog',
          });
          void dialog.then(() => controller.abort()); // closed by Escape or ×: stop
        }
      },
      controller.signal,
    );
  } catch (e) {
    if (controller.signal.aborted) return;
    throw e;
  } finally {
    store.set({ finished: true });
  }
  const label = name ?? `${RESOURCES[resource].label.toLowerCase().replace(/\s+/g, '-')}-list-${toIsoDate(new Date())}`;
  downloadCsv(`${label}.csv`, toCsv(resource, exportColumns(resource, columns, rows[0]), rows));
}
