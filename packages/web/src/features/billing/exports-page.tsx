/**
 * Exports to the books (`/billing/exports`; docs/domain/billing.md, To the books): the batches
 * (when, which program, how many invoices, their total; Download again, and the same batch as the
 * other program's file), and New export for
 * QuickBooks Online or Xero, which takes every invoice no batch took yet and downloads its file.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDateTime } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useReportedRun } from '../../resource-kit/forms/error-mapper.tsx';
import { downloadHref } from '../../resource-kit/http/actions.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { exportBatch } from './billing-actions.ts';

export const FORMAT_LABELS = { quickbooks: 'QuickBooks Online', xero: 'Xero' } as const;

/** Starts the browser's download of a batch's file (the same link Download again gives). */
function download(id: number) {
  const a = document.createElement('a');
  a.href = downloadHref(ACTION_ROUTES['invoice_exports.csv'], { id });
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}

const columns: Column<'invoice_exports'>[] = [
  { key: 'created_at', label: 'Exported', sortable: true, render: (e) => formatDateTime(e.created_at) },
  { key: 'format', label: 'Program', beneathOnPhone: true, render: (e) => FORMAT_LABELS[e.format ?? 'quickbooks'] },
  { key: 'invoice_count', label: 'Invoices', render: (e) => String(e.invoice_count ?? 0) },
  { key: 'total', label: 'Total', visibleFrom: 'xs', render: (e) => formatMoney(e.total) },
  {
    key: 'actions',
    label: 'File',
    render: (e) => {
      const other = e.format === 'xero' ? 'quickbooks' : 'xero';
      const stop = (ev: { stopPropagation: () => void }) => ev.stopPropagation();
      return (
        <Group gap={6} wrap="wrap">
          <Button
            size="compact-sm"
            variant="default"
            component="a"
            href={downloadHref(ACTION_ROUTES['invoice_exports.csv'], { id: e.id })}
            download
            onClick={stop}
            leftSection={<IconDownload size={14} />}
          >
            Download again
          </Button>
          {/* the same invoices in the other program's file: a shop moving from one to the other */}
          <Button
            size="compact-sm"
            variant="subtle"
            component="a"
            href={`${downloadHref(ACTION_ROUTES['invoice_exports.csv'], { id: e.id })}?format=${other}`}
            download
            onClick={stop}
          >
            As {FORMAT_LABELS[other]}
          </Button>
        </Group>
      );
    },
    text: () => '',
  },
];

export function ExportsPage() {
  const canEdit = useCan('edit', 'invoices');
  const queryClient = useQueryClient();
  const run = useReportedRun();
  const start = async (format: 'quickbooks' | 'xero') => {
    const batch = await run(() => exportBatch(queryClient, format), `Exported to ${FORMAT_LABELS[format]}.`);
    if (batch) download(batch.id);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Exports</ScreenTitle>
        {canEdit && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconFileExport size={16} />} data-testid="new-export">
                New export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void start('quickbooks')}>QuickBooks Online</Menu.Item>
              <Menu.Item onClick={() => void start('xero')}>Xero</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        An export takes every sent or paid invoice not exported yet; an exported invoice can no longer be changed, only voided.
      </Text>
      <ResourceTable
        resource="invoice_exports"
        columns={columns}
        emptyText="Nothing exported yet."
        defaultSort={{ column: 'created_at', direction: 'desc' }}
        testId="exports-table"
      />
    </Stack>
  );
}
