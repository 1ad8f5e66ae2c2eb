/**
 * Payments (`/payments`; docs/domain/billing.md, Payments): date, client, method (a check with its
 * number), reference, amount and whether it was voided; filtered by client and method, searched by
 * client, check number or reference. Record payment opens its dialog; a row opens the payment (what
 * it paid, Void payment).
 */
import { PAYMENT_METHODS } from '@glazier/shared/resources/billing';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useFilterBar } from '../../resource-kit/filters/filter-bar.tsx';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { PAYMENT_METHOD_LABELS, methodText } from './payment-text.ts';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

const columns: Column<'payments'>[] = [
  { key: 'payment_date', label: 'Date', sortable: true, render: (p) => formatDate(p.payment_date) },
  { key: 'client_name', label: 'Client', sortable: true, beneathOnPhone: true, render: (p) => p.client_name ?? '' },
  { key: 'method', label: 'Method', visibleFrom: 'sm', render: (p) => methodText(p), text: (p) => methodText(p) },
  { key: 'reference', label: 'Reference', visibleFrom: 'md', render: (p) => p.reference ?? '' },
  {
    key: 'amount',
    label: 'Amount',
    sortable: true,
    render: (p) =>
      p.voided ? (
        <Group gap={4} wrap="nowrap">
          <s>{formatMoney(p.amount)}</s>
          <Badge color="red" variant="light" size="sm">
            Voided
          </Badge>
        </Group>
      ) : (
        formatMoney(p.amount)
      ),
    text: (p) => `${formatMoney(p.amount)}${p.voided ? ' (voided)' : ''}`,
  },
];

export function PaymentsPage() {
  const modals = useModals();
  const canEdit = useCan('edit', 'invoices');
  const bar = useFilterBar({ client_id: null, method: null }, [
    { kind: 'record', name: 'client_id', label: 'Client', placeholder: 'All clients', resource: 'clients', query: { active: 'all' }, testId: 'client-filter' },
    { kind: 'choice', name: 'method', label: 'Method', placeholder: 'All methods', options: METHOD_OPTIONS },
  ]);
  const filters = bar.values;
  const record = async () => {
    const { openRecordPaymentDialog } = await import('./record-payment-dialog.tsx');
    await openRecordPaymentDialog(modals, { clientId: filters.client_id ? Number(filters.client_id) : null });
  };
  const open = async (payment: { id: number }) => {
    const { openPaymentView } = await import('./payment-view.tsx');
    await openPaymentView(modals, payment.id);
  };
  useScreenAction('add', canEdit ? () => void record() : null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Payments</ScreenTitle>
        {canEdit && (
          <Button leftSection={<IconCash size={16} />} onClick={() => void record()} data-testid="record-payment">
            Record payment
          </Button>
        )}
      </Group>
      <ResourceTable
        resource="payments"
        columns={columns}
        filters={{ client_id: filters.client_id ?? undefined, method: filters.method ?? undefined }}
        onRowClick={(p) => void open(p)}
        rowLabel={(p) => `Open payment of ${formatMoney(p.amount)} on ${formatDate(p.payment_date)}`}
        searchPlaceholder="Search client, check number or reference"
        emptyText="No payments here."
        defaultSort={{ column: 'payment_date', direction: 'desc' }}
        toolbar={bar.toolbar}
        testId="payments-table"
      />
    </Stack>
  );
}
