/** The import dialog's parts (import-dialog.tsx): the file's choice, the columns' fields, what matched and the failing rows. */
import type { Importable } from '@glazier/shared/actions/importable';
import { Alert, Button, Group, NativeSelect, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef } from 'react';
import type { HeadingMatch, ImportField } from './header-match.ts';
import { SHOWN_ERRORS, n, type CheckSummary } from './import-rows.ts';
import type { Sheet } from './sheet-file.ts';

/** The first step: what the file must hold, and the button that opens the file chooser. */
export function ChooseFile({
  resource,
  error,
  onChoose,
  onCancel,
}: {
  resource: Importable;
  error: string | undefined;
  onChoose: (file: File | undefined) => void;
  onCancel: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack>
      <Text size="sm">
        Choose a CSV file or an Excel sheet (.xlsx) whose first row names the columns. Rows whose{' '}
        {resource === 'vendor_materials' ? 'vendor and material' : ['materials', 'products'].includes(resource) ? 'number' : 'name'} is already on file update
        that record; the others are added.
      </Text>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        data-testid="import-file"
        onChange={(e) => onChoose(e.currentTarget.files?.[0])}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button leftSection={<IconFileSpreadsheet size={16} />} onClick={() => input.current?.click()} data-autofocus>
          Choose File
        </Button>
      </Group>
    </Stack>
  );
}

/** What the headings matched (those still as guessed), and how many columns are left to choose for. */
export function MatchedHeadings({
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

/** Each column of the file, its first row's value and the field it fills (or none). */
export function ColumnMapping({
  sheet,
  mapping,
  fields,
  onField,
}: {
  sheet: Sheet;
  mapping: (string | null)[];
  fields: ImportField[];
  onField: (column: number, field: string) => void;
}) {
  return (
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
                  onChange={(e) => onField(i, e.currentTarget.value)}
                  data={[{ value: '', label: 'Do not import' }, ...fields.map((f) => ({ value: f.field, label: f.label }))]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The failing rows (the first SHOWN_ERRORS), each by its line in the file, with its errors under the columns' headings. */
export function FailingRows({
  failing,
  sheet,
  mapping,
  columnLabel,
}: {
  failing: { i: number; errors: NonNullable<CheckSummary['results'][number]['errors']> }[];
  sheet: Sheet;
  mapping: (string | null)[];
  columnLabel: (field: string, mapping: (string | null)[], sheet: Sheet) => string;
}) {
  return (
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
  );
}
