/**
 * A won estimate's deposits, on the estimate's page (the area section `estimateDeposits`;
 * docs/domain/billing.md, Deposits): its deposit invoices, and Deposit invoice (a percent of the
 * estimate's total or an amount) before its job is made. The job made from the estimate takes them,
 * and its final invoice subtracts those paid; from then on a deposit is the job's.
 */
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { InvoiceStatusBadge } from './status-badges.tsx';

const columns: Column<'invoices'>[] = [
  { key: 'number', label: 'Number', render: (i) => `Invoice ${i.number ?? ''}` },
  { key: 'issue_date', label: 'Issued', visibleFrom: 'sm', render: (i) => formatDate(i.issue_date) },
  { key: 'status', label: 'Status', beneathOnPhone: true, render: (i) => <InvoiceStatusBadge status={i.status} /> },
  { key: 'total', label: 'Total', render: (i) => formatMoney(i.total) },
  { key: 'balance', label: 'Balance', render: (i) => formatMoney(i.balance) },
];

export function EstimateDepositsSection({ estimateId, jobId }: { estimateId: number; jobId: number | null }) {
  const navigate = useNavigate();
  const modals = useModals();
  const canEdit = useCan('edit', 'invoices');
  const deposit = async () => {
    const { openDepositDialog } = await import('./deposit-dialog.tsx');
    const made = await openDepositDialog(modals, { estimate_id: estimateId });
    if (made) void navigate(`/invoices/${made.id}`);
  };
  return (
    <Stack gap="md" data-testid="estimate-deposits">
      {jobId == null ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            A deposit asked before the job is made goes to the job when it is; its final invoice subtracts it once paid.
          </Text>
          {canEdit && (
            <Button leftSection={<IconFilePlus size={16} />} onClick={() => void deposit()} data-testid="estimate-deposit-invoice">
              Deposit invoice
            </Button>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          The job made from this estimate holds its deposits:{' '}
          <Anchor component={Link} to={`/jobs/${jobId}?tab=billing`}>
            its billing
          </Anchor>{' '}
          takes further deposits and its final invoice.
        </Text>
      )}
      <ResourceTable
        resource="invoices"
        columns={columns}
        filters={{ estimate_id: estimateId, kind: 'deposit' }}
        perPage={100}
        defaultSort={{ column: 'number', direction: 'asc' }}
        onRowClick={(i) => void navigate(`/invoices/${i.id}`)}
        rowLabel={(i) => `Open invoice ${i.number ?? ''}`}
        emptyText="No deposit asked yet."
        testId="estimate-deposit-invoices"
      />
    </Stack>
  );
}
