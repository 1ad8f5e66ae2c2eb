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
import type { Importable } from '@glazier/shared/actions/importable';
import { RESOURCES } from '@glazier/shared/resources/registry';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { fieldLabel } from '../forms/field-text.ts';
import { importFields, n } from './import-rows.ts';
import { ChooseFile, ColumnMapping, FailingRows, MatchedHeadings } from './import-steps.tsx';
import type { Sheet } from './sheet-file.ts';
import type { TransferColumn } from './transfer-column.ts';
import { useImportSteps } from './use-import-steps.ts';

export { CHECK_CHUNK, importFields } from './import-rows.ts';

function ImportDialog({ resource, columns }: { resource: Importable; columns: TransferColumn[] }) {
  const modal = useModal<{ added: number; updated: number }>();
  const fields = importFields(resource, columns);
  const label = (f: string) => (f === '_' ? 'Row' : (fields.find((x) => x.field === f)?.label ?? fieldLabel(resource, f)));
  /** An error's field as the file names it: its column's heading when a column fills it. */
  const columnLabel = (f: string, mapping: (string | null)[], sheet: Sheet) => (mapping.includes(f) ? sheet.headers[mapping.indexOf(f)] || label(f) : label(f));
  const { step, setStep, choose, check, run, stop } = useImportSteps(resource, columns, fields);

  if (step.kind === 'choose') {
    return <ChooseFile resource={resource} error={step.error} onChoose={(file) => void choose(file)} onCancel={() => modal.close()} />;
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
        <ColumnMapping sheet={sheet} mapping={mapping} fields={fields} onField={setField} />
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
          <Button variant="default" onClick={() => stop(sheet, fileName, mapping)}>
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
      {failing.length > 0 && <FailingRows failing={failing} sheet={sheet} mapping={mapping} columnLabel={columnLabel} />}
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
