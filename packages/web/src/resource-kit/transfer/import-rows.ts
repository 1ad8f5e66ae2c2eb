/** The import dialog's rows and steps (import-dialog.tsx): the fields a column can fill, the rows as the actions take them, and the server's errors as rows' results. */
import type { Importable } from '@glazier/shared/actions/importable';
import type { ImportRow, ImportRowResult } from '@glazier/shared/actions/imports';
import { inputFields } from '@glazier/shared/resources/define';
import { RESOURCES } from '@glazier/shared/resources/registry';
import { describeError } from '../forms/error-mapper.tsx';
import { fieldLabel } from '../forms/field-text.ts';
import { HttpError } from '../http/http.ts';
import type { HeadingMatch, ImportField } from './header-match.ts';
import type { Sheet } from './sheet-file.ts';
import type { TransferColumn } from './transfer-column.ts';

/** Rows per check request: a progress step, and a body well within the server's limit. */
export const CHECK_CHUNK = 1000;
/** Failing rows listed in the preview (the count says how many there are). */
export const SHOWN_ERRORS = 100;

/** The fields a file's column can fill: the writable ones (and `id`, to update a record by its id). */
export function importFields(resource: Importable, columns: TransferColumn[]): ImportField[] {
  const heading = new Map(columns.map((c) => [c.key, c.label]));
  const fields = inputFields(RESOURCES[resource]).filter(([, fd]) => !['json', 'password'].includes(fd.kind) && !fd.writeOnly);
  return [{ field: 'id', label: 'ID' }, ...fields.map(([name]) => ({ field: name, label: heading.get(name) ?? fieldLabel(resource, name) }))];
}

/** The rows as the import actions take them: each mapped column's text under its field. */
export function mappedRows(sheet: Sheet, mapping: (string | null)[]): ImportRow[] {
  return sheet.rows.map((cells) => {
    const row: ImportRow = {};
    mapping.forEach((f, i) => {
      if (f) row[f] = cells[i] ?? '';
    });
    return row;
  });
}

export interface CheckSummary {
  results: ImportRowResult[];
  added: number;
  updated: number;
  failed: number;
}

export type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'map'; sheet: Sheet; fileName: string; mapping: (string | null)[]; guessed?: HeadingMatch[] }
  | { kind: 'checking'; sheet: Sheet; fileName: string; mapping: (string | null)[]; done: number }
  | { kind: 'preview'; sheet: Sheet; fileName: string; mapping: (string | null)[]; summary: CheckSummary }
  | { kind: 'importing'; sheet: Sheet; fileName: string; mapping: (string | null)[]; summary: CheckSummary; done: number }
  | { kind: 'failed'; sheet: Sheet; fileName: string; mapping: (string | null)[]; message: string; summary?: CheckSummary };

export const n = (x: number) => x.toLocaleString('en-US');

/** What the user reads of a failed request: the server's own message when it gave one. */
export function failureText(e: unknown): string {
  if (e instanceof HttpError && e.body?.message) return e.body.message;
  return describeError(e).notice?.lines.join(' ') ?? 'Something went wrong.';
}

/** An import's 422 (`rows.{i}.{field}`) as rows' results, for the same error table as the check's. */
export function resultsFromErrors(total: number, errors: Record<string, string[]>): ImportRowResult[] {
  const results: ImportRowResult[] = Array.from({ length: total }, () => ({ action: 'add', id: null }));
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^rows\.(\d+)\.(.+)$/.exec(key);
    const r = m ? results[Number(m[1])] : undefined;
    if (r) (r.errors ??= {})[m![2]!] = messages;
  }
  return results;
}
