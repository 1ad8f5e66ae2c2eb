/**
 * Import of a CSV or `.xlsx` file into a resource (shared/actions/imports.ts), in steps on the
 * modal stack:
 *
 * 1. choose the file (read by sheet-file.ts: in the background, the page stays usable);
 * 2. map its columns to the resource's fields (guessed from the headings, header-match.ts: a
 *    field's name, its label or the heading the list's export writes, their usual variants and
 *    other words for them; the dialog says what it matched);
 * 3. check: the rows go to `imports.check` a thousand at a time, with a progress bar; the preview
 *    says how many rows add and update records and lists each failing row with its errors exactly
 *    as the server gives them;
 * 4. import: `imports.run` writes every row or none, with a progress bar of the rows written (the
 *    server's progress lines), then says how many were added and updated.
 *
 *   await openImportDialog(modals, { resource: 'materials', columns });  // → {added, updated} | null
 */
import { checkImport, runImport, type ImportRow, type ImportRowResult, type Importable } from '@glazier/shared/actions/imports';
import { inputFields } from '@glazier/shared/resources/define';
import { RESOURCES } from '@glazier/shared/resources/registry';
import { Alert, Button, Group, NativeSelect, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { callAction } from '../http/actions.ts';
import { callActionWithProgress } from '../http/action-progress.ts';
import { describeError, reportSuccess } from '../forms/error-mapper.tsx';
import { HttpError } from '../http/http.ts';
import { fieldLabel } from '../forms/field-text.ts';
import { resourceKeys } from '../records/records.ts';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { matchHeadings, type HeadingMatch, type ImportField } from './header-match.ts';
import { readSheetFile, type Sheet } from './sheet-file.ts';
import type { TransferColumn } from './transfer-column.ts';

/** Rows per check request: a progress step, and a body well within the server's limit. */
export const CHECK_CHUNK = 1000;
/** Failing rows listed in the preview (the count says how many there are). */
const SHOWN_ERRORS = 100;

/** The fields a file's column can fill: the writable ones (and `id`, to update a record by its id). */
export function importFields(resource: Importable, columns: TransferColumn[]): ImportField[] {
  const heading = new Map(columns.map((c) => [c.key, c.label]));
  const fields = inputFields(RESOURCES[resource]).filter(([, fd]) => !['json', 'password'].includes(fd.kind) && !fd.writeOnly);
  return [{ field: 'id', label: 'ID' }, ...fields.map(([name]) => ({ field: name, label: heading.get(name) ?? fieldLabel(name) }))];
}

/** What the headings matched (those still as guessed), and how many columns are left to choose for. */
function MatchedHeadings({
  headers,
  mapping,
  guessed,
  label,
}: {
  headers: string[];
  mapping: (string | null)[];
  guessed: HeadingMatch[];
  label: (field: string) => string;
}) {
  const kept = headers.flatMap((h, i) => {
    const g = guessed[i];
    return g && mapping[i] === g.field ? [{ heading: h, field: g.field, exact: g.by === 'heading' }] : [];
  });
  const left = mapping.filter((m) => !m).length;
  if (!kept.length) return null;
  return (
    <Text size="sm" data-testid="import-matched">
      {`Matched ${kept.length} of ${headers.length} ${headers.length === 1 ? 'column' : 'columns'} by heading: `}
      {kept.map((k, i) => (
        <span key={k.heading + i}>
          {i > 0 && ', '}
          {`“${k.heading}”`}
          {!k.exact || squashed(k.heading) !== squashed(label(k.field)) ? ` as ${label(k.field)}` : ''}
        </span>
      ))}
      {'.'}
      {left > 0 && ` ${left === 1 ? 'One column is' : `${left} columns are`} not imported unless you choose a field.`}
    </Text>
  );
}

const squashed = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

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

interface CheckSummary {
  results: ImportRowResult[];
  added: number;
  updated: number;
  failed: number;
}

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'map'; sheet: Sheet; fileName: string; mapping: (string | null)[]; guessed?: HeadingMatch[] }
  | { kind: 'checking'; sheet: Sheet; fileName: string; mapping: (string | null)[]; done: number }
  | { kind: 'preview'; sheet: Sheet; fileName: string; mapping: (string | null)[]; summary: CheckSummary }
  | { kind: 'importing'; sheet: Sheet; fileName: string; mapping: (string | null)[]; summary: CheckSummary; done: number }
  | { kind: 'failed'; sheet: Sheet; fileName: string; mapping: (string | null)[]; message: string; summary?: CheckSummary };

const n = (x: number) => x.toLocaleString('en-US');

/** What the user reads of a failed request: the server's own message when it gave one. */
function failureText(e: unknown): string {
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

function ImportDialog({ resource, columns }: { resource: Importable; columns: TransferColumn[] }) {
  const modal = useModal<{ added: number; updated: number }>();
  const queryClient = useQueryClient();
  const fields = importFields(resource, columns);
  const label = (f: string) => (f === '_' ? 'Row' : (fields.find((x) => x.field === f)?.label ?? fieldLabel(f)));
  /** An error's field as the file names it: its column's heading when a column fills it. */
  const columnLabel = (f: string, mapping: (string | null)[], sheet: Sheet) => (mapping.includes(f) ? sheet.headers[mapping.indexOf(f)] || label(f) : label(f));
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const input = useRef<HTMLInputElement>(null);
  const cancelled = useRef(false);
  const plural = `${RESOURCES[resource].label.toLowerCase()}s`;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    try {
      const sheet = await readSheetFile(file);
      if (!sheet.rows.length) return setStep({ kind: 'choose', error: 'The file has no rows under its headings.' });
      const guessed = matchHeadings(sheet.headers, fields, columns, RESOURCES[resource].label);
      setStep({ kind: 'map', sheet, fileName: file.name, mapping: guessed.map((m) => m?.field ?? null), guessed });
    } catch (e) {
      setStep({ kind: 'choose', error: e instanceof Error ? e.message : 'The file could not be read.' });
    }
  };

  const check = async (sheet: Sheet, fileName: string, mapping: (string | null)[]) => {
    const rows = mappedRows(sheet, mapping);
    const summary: CheckSummary = { results: [], added: 0, updated: 0, failed: 0 };
    cancelled.current = false;
    setStep({ kind: 'checking', sheet, fileName, mapping, done: 0 });
    try {
      for (let i = 0; i < rows.length; i += CHECK_CHUNK) {
        const answer = await callAction(checkImport, { params: { resource }, body: { rows: rows.slice(i, i + CHECK_CHUNK) } });
        if (cancelled.current) return;
        summary.results.push(...answer.rows);
        summary.added += answer.added;
        summary.updated += answer.updated;
        summary.failed += answer.failed;
        setStep({ kind: 'checking', sheet, fileName, mapping, done: summary.results.length });
      }
      setStep({ kind: 'preview', sheet, fileName, mapping, summary });
    } catch (e) {
      setStep({ kind: 'failed', sheet, fileName, mapping, message: failureText(e) });
    }
  };

  const run = async (sheet: Sheet, fileName: string, mapping: (string | null)[], summary: CheckSummary) => {
    setStep({ kind: 'importing', sheet, fileName, mapping, summary, done: 0 });
    try {
      const answer = await callActionWithProgress(runImport, { params: { resource }, body: { rows: mappedRows(sheet, mapping) } }, (done) =>
        setStep({ kind: 'importing', sheet, fileName, mapping, summary, done }),
      );
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
      reportSuccess(`Imported ${n(answer.added + answer.updated)} ${plural}: ${n(answer.added)} added, ${n(answer.updated)} updated.`);
      modal.close(answer);
    } catch (e) {
      // Rows can fail now that passed the check (someone else changed the records meanwhile).
      const errors = e instanceof HttpError && e.status === 422 ? e.body?.errors : undefined;
      const results = errors ? resultsFromErrors(sheet.rows.length, errors) : undefined;
      const failed = results?.filter((r) => r.errors).length ?? 0;
      setStep({
        kind: 'failed',
        sheet,
        fileName,
        mapping,
        summary: results && failed ? { results, added: 0, updated: 0, failed } : undefined,
        message: failureText(e),
      });
    }
  };

  if (step.kind === 'choose') {
    return (
      <Stack>
        <Text size="sm">
          Choose a CSV file or an Excel sheet (.xlsx) whose first row names the columns. Rows whose{' '}
          {resource === 'vendor_materials' ? 'vendor and material' : ['materials', 'products'].includes(resource) ? 'number' : 'name'} is already on file update
          that record; the others are added.
        </Text>
        {step.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {step.error}
          </Alert>
        )}
        <input
          ref={input}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          data-testid="import-file"
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modal.close()}>
            Cancel
          </Button>
          <Button leftSection={<IconFileSpreadsheet size={16} />} onClick={() => input.current?.click()} data-autofocus>
            Choose File
          </Button>
        </Group>
      </Stack>
    );
  }

  const { sheet, fileName, mapping } = step;
  const mapped = mapping.filter(Boolean).length;
  const total = sheet.rows.length;

  const header = (
    <Text size="sm">
      <b>{fileName}</b>: {n(total)} {total === 1 ? 'row' : 'rows'}, {sheet.headers.length} columns.
    </Text>
  );

  if (step.kind === 'map') {
    const setField = (i: number, field: string) =>
      setStep({ ...step, mapping: mapping.map((f, j) => (j === i ? field || null : f === field && field ? null : f)) });
    return (
      <Stack>
        {header}
        <Text size="sm" c="dimmed">
          Which field does each column fill?
        </Text>
        <MatchedHeadings headers={sheet.headers} mapping={mapping} guessed={step.guessed ?? []} label={label} />
        <ScrollArea.Autosize mah="50vh" type="auto">
          <Table verticalSpacing={4} data-testid="import-mapping">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column</Table.Th>
                <Table.Th visibleFrom="sm">First row</Table.Th>
                <Table.Th>Field</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheet.headers.map((h, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{h || `Column ${i + 1}`}</Table.Td>
                  <Table.Td visibleFrom="sm" c="dimmed" style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {sheet.rows[0]?.[i] ?? ''}
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Field for ${h || `column ${i + 1}`}`}
                      value={mapping[i] ?? ''}
                      onChange={(e) => setField(i, e.currentTarget.value)}
                      data={[{ value: '', label: 'Do not import' }, ...fields.map((f) => ({ value: f.field, label: f.label }))]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setStep({ kind: 'choose' })}>
            Another File
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={() => modal.close()}>
              Cancel
            </Button>
            <Button disabled={mapped === 0} onClick={() => void check(sheet, fileName, mapping)}>
              Check {n(total)} {total === 1 ? 'Row' : 'Rows'}
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  if (step.kind === 'checking') {
    return (
      <Stack>
        {header}
        <Text size="sm" aria-live="polite">
          Checking rows: {n(step.done)} of {n(total)}
        </Text>
        <Progress value={(step.done / total) * 100} aria-label="Check progress" data-testid="import-progress" />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              cancelled.current = true;
              setStep({ kind: 'map', sheet, fileName, mapping });
            }}
          >
            Stop
          </Button>
        </Group>
      </Stack>
    );
  }

  if (step.kind === 'importing') {
    return (
      <Stack>
        {header}
        <Text size="sm" aria-live="polite">
          {step.done < total
            ? `Writing rows: ${n(step.done)} of ${n(total)} (all of them, or none)`
            : `Saving the ${n(total)} ${total === 1 ? 'row' : 'rows'}…`}
        </Text>
        <Progress value={(step.done / total) * 100} animated={step.done >= total} aria-label="Import progress" data-testid="import-progress" />
      </Stack>
    );
  }

  const summary = step.summary;
  const failing = summary ? summary.results.flatMap((r, i) => (r.errors ? [{ i, errors: r.errors }] : [])) : [];
  return (
    <Stack>
      {header}
      {step.kind === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {step.message}
        </Alert>
      )}
      {summary && (
        <Text size="sm" data-testid="import-summary">
          {summary.failed > 0
            ? `${n(summary.failed)} of ${n(total)} rows ${summary.failed === 1 ? 'has' : 'have'} errors: fix them in the file and choose it again. Nothing is imported while a row has errors.`
            : `Ready: ${n(summary.added)} to add, ${n(summary.updated)} to update.`}
        </Text>
      )}
      {failing.length > 0 && (
        <ScrollArea.Autosize mah="45vh" type="auto">
          <Table verticalSpacing={4} data-testid="import-errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Errors</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {failing.slice(0, SHOWN_ERRORS).map(({ i, errors }) => (
                <Table.Tr key={i}>
                  {/* the file's own line: the headings are line 1 */}
                  <Table.Td>{i + 2}</Table.Td>
                  <Table.Td>
                    {Object.entries(errors).map(([f, messages]) => (
                      <Text size="sm" key={f}>
                        <b>{columnLabel(f, mapping, sheet)}</b>
                        {f !== '_' && mapping.indexOf(f) >= 0 && ` “${sheet.rows[i]?.[mapping.indexOf(f)] ?? ''}”`}: {messages.join(' ')}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {failing.length > SHOWN_ERRORS && (
            <Text size="sm" c="dimmed" mt="xs">
              And {n(failing.length - SHOWN_ERRORS)} more rows with errors.
            </Text>
          )}
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => setStep({ kind: 'map', sheet, fileName, mapping })}>
          Back to Columns
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={() => modal.close()}>
            Cancel
          </Button>
          {summary && summary.failed === 0 ? (
            <Button onClick={() => void run(sheet, fileName, mapping, summary)} data-autofocus>
              Import {n(total)} {total === 1 ? 'Row' : 'Rows'}
            </Button>
          ) : (
            <Button onClick={() => setStep({ kind: 'choose' })}>Choose Another File</Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

export function openImportDialog(modals: ModalStackApi, { resource, columns }: { resource: Importable; columns: TransferColumn[] }) {
  return modals.push<{ added: number; updated: number }>(() => <ImportDialog resource={resource} columns={columns} />, {
    title: `Import ${RESOURCES[resource].label}s`,
    size: 'xl',
    closeOnClickOutside: false,
    testId: 'import-dialog',
  });
}
