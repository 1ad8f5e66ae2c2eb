/**
 * A job's billing, on the job's page (the area section `jobBilling`; docs/domain/billing.md): billed,
 * paid and balance; its invoices; Create invoice (the final invoice from the job's products,
 * with the deposits paid subtracted) and Deposit invoice (a percent or an amount). Each makes a draft
 * and opens it.
 */
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { INVOICE_KIND_LABELS } from '@glazier/shared/resources/billing';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconReceipt } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useReportedRun } from '../../resource-kit/forms/error-mapper.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useList } from '../../resource-kit/records/queries.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { createFromJob } from './billing-actions.ts';
import { jobBilling } from './job-billing.ts';
import { InvoiceStatusBadge } from './status-badges.tsx';

const columns: Column<'invoices'>[] = [
  { key: 'number', label: 'Number', render: (i) => `Invoice ${i.number ?? ''}` },
  { key: 'kind', label: 'Kind', visibleFrom: 'xs', render: (i) => INVOICE_KIND_LABELS[i.kind ?? 'final'] },
  { key: 'issue_date', label: 'Issued', visibleFrom: 'sm', render: (i) => formatDate(i.issue_date) },
  { key: 'status', label: 'Status', beneathOnPhone: true, render: (i) => <InvoiceStatusBadge status={i.status} /> },
  { key: 'total', label: 'Total', render: (i) => formatMoney(i.total) },
  { key: 'balance', label: 'Balance', render: (i) => formatMoney(i.balance) },
];

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {formatMoney(value)}
      </Text>
    </Paper>
  );
}

export function JobBillingSection({ jobId }: { jobId: number }) {
  const navigate = useNavigate();
  const modals = useModals();
  const queryClient = useQueryClient();
  const run = useReportedRun();
  const canEdit = useCan('edit', 'invoices');
  const invoices = useList('invoices', { job_id: jobId, per_page: 100 });
  const sums = jobBilling(invoices.data ?? []);
  const create = async () => {
    const made = await run(() => createFromJob(queryClient, { job_id: jobId }), 'Invoice made from the job.');
    if (made) void navigate(`/invoices/${made.id}`);
  };
  const deposit = async () => {
    const { openDepositDialog } = await import('./deposit-dialog.tsx');
    const made = await openDepositDialog(modals, { job_id: jobId });
    if (made) void navigate(`/invoices/${made.id}`);
  };
  return (
    <Stack gap="md" data-testid="job-billing">
      <SimpleGrid cols={3} spacing="sm">
        <Figure label="Billed (sent)" value={sums.billed} testId="job-billed" />
        <Figure label="Paid" value={sums.paid} testId="job-paid" />
        <Figure label="Balance" value={sums.balance} testId="job-balance" />
      </SimpleGrid>
      {sums.drafts > 0 && (
        <Text size="sm" c="dimmed" data-testid="job-drafts">
          Drafts not sent yet: {formatMoney(sums.drafts)}
        </Text>
      )}
      {canEdit && (
        <Group gap="xs">
          <Button leftSection={<IconReceipt size={16} />} onClick={() => void create()} data-testid="create-invoice">
            Create invoice
          </Button>
          <Button variant="default" leftSection={<IconFilePlus size={16} />} onClick={() => void deposit()} data-testid="deposit-invoice">
            Deposit invoice
          </Button>
        </Group>
      )}
      <ResourceTable
        resource="invoices"
        columns={columns}
        filters={{ job_id: jobId }}
        perPage={100}
        defaultSort={{ column: 'number', direction: 'asc' }}
        onRowClick={(i) => void navigate(`/invoices/${i.id}`)}
        rowLabel={(i) => `Open invoice ${i.number ?? ''}`}
        emptyText="No invoices for this job yet."
        testId="job-invoices"
      />
    </Stack>
  );
}
