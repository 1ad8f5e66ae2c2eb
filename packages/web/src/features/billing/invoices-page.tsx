/**
 * Invoices (`/invoices`; docs/domain/billing.md): number, client, job, issue and due dates, status
 * (with Overdue beside an open invoice past its due date), total and balance; filtered by status,
 * open or overdue, and client; searched by client, bill-to or memo. A row opens `/invoices/{id}`.
 */
import { formatDate, toIsoDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { Group, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useFilterBar } from '../../resource-kit/filters/filter-bar.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { INVOICE_STATUS_LABELS } from '@glazier/shared/rules/billing/invoice-status';
import { InvoiceStatusBadge, OverdueBadge, STATUS_OPTIONS, isOverdue } from './status-badges.tsx';

function columns(today: string): Column<'invoices'>[] {
  return [
    { key: 'number', label: 'Number', sortable: true, render: (i) => `Invoice ${i.number ?? ''}`, text: (i) => String(i.number ?? '') },
    { key: 'client_name', label: 'Client', sortable: true, beneathOnPhone: true, render: (i) => i.client_name ?? '' },
    { key: 'job_number', label: 'Job', visibleFrom: 'md', render: (i) => i.job_number ?? '' },
    { key: 'issue_date', label: 'Issued', sortable: true, visibleFrom: 'sm', render: (i) => formatDate(i.issue_date) },
    { key: 'due_date', label: 'Due', sortable: true, visibleFrom: 'sm', render: (i) => formatDate(i.due_date) },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      beneathOnPhone: true,
      render: (i) => (
        <Group gap={4} wrap="nowrap">
          <InvoiceStatusBadge status={i.status} />
          {isOverdue(i, today) && <OverdueBadge />}
        </Group>
      ),
      text: (i) => `${INVOICE_STATUS_LABELS[i.status ?? 'draft']}${isOverdue(i, today) ? ' (overdue)' : ''}`,
    },
    { key: 'total', label: 'Total', sortable: true, visibleFrom: 'xs', render: (i) => formatMoney(i.total) },
    { key: 'balance', label: 'Balance', sortable: true, render: (i) => formatMoney(i.balance) },
  ];
}

export function InvoicesPage() {
  const navigate = useNavigate();
  // In the address (`?due=overdue&client_id=7`): Back from an invoice returns to the same list.
  const bar = useFilterBar({ due: 'all', status: null, client_id: null }, [
    {
      kind: 'segments',
      name: 'due',
      label: 'Which invoices',
      options: [
        { value: 'all', label: 'All' },
        { value: 'open', label: 'Open' },
        { value: 'overdue', label: 'Overdue' },
      ],
    },
    { kind: 'choice', name: 'status', label: 'Status', placeholder: 'All statuses', options: STATUS_OPTIONS },
    { kind: 'record', name: 'client_id', label: 'Client', placeholder: 'All clients', resource: 'clients', query: { active: 'all' }, testId: 'client-filter' },
  ]);
  const { due, status, client_id: clientId } = bar.values;
  const today = toIsoDate(new Date());
  return (
    <Stack gap="md">
      <ScreenTitle>Invoices</ScreenTitle>
      <ResourceTable
        resource="invoices"
        columns={columns(today)}
        filters={{ due: due === 'all' ? undefined : (due ?? undefined), status: status ?? undefined, client_id: clientId ?? undefined }}
        onRowClick={(i) => void navigate(`/invoices/${i.id}`)}
        rowLabel={(i) => `Open invoice ${i.number ?? ''}`}
        searchPlaceholder="Search client, bill-to or memo"
        emptyText="No invoices here."
        defaultSort={{ column: 'number', direction: 'desc' }}
        liveOn={['invoice_lines', 'payments', 'payment_allocations']}
        toolbar={bar.toolbar}
        testId="invoices-table"
      />
    </Stack>
  );
}
