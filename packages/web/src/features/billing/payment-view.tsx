/**
 * A payment (read only: payments are written by their actions, docs/domain/billing.md, Payments):
 * its date, client, method, reference and note, the invoices it paid, and Void payment (with a
 * reason) while it stands.
 */
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { HistoryButton } from '../../resource-kit/detail/history-panel.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import { useModal, useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { voidPayment } from './billing-actions.ts';
import { methodText } from './payment-text.ts';

function PaymentView({ id }: { id: number }) {
  const modal = useModal();
  const modals = useModals();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'invoices');
  const payment = useRecord('payments', id).data;
  const allocations = useList('payment_allocations', { payment_id: id }).data ?? [];
  if (!payment) return <Text c="dimmed">Loading…</Text>;
  const doVoid = async () => {
    const { openVoidDialog } = await import('./void-dialog.tsx');
    await openVoidDialog(modals, {
      title: 'Void payment',
      question: `Void this payment of ${formatMoney(payment.amount)}? Its invoices owe it again.`,
      done: 'Payment voided.',
      send: (reason) => voidPayment(queryClient, id, reason),
      testId: 'void-payment-dialog',
    });
  };
  return (
    <Stack gap="sm" data-testid="payment-view">
      <Text fw={700} size="lg">
        {formatMoney(payment.amount)} on {formatDate(payment.payment_date)}
      </Text>
      <Text>{payment.client_name}</Text>
      <Text size="sm">{[methodText(payment), payment.reference].filter(Boolean).join(' · ')}</Text>
      {payment.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {payment.note}
        </Text>
      )}
      {payment.voided && (
        <Text c="red" size="sm">
          Voided{payment.void_reason ? `: ${payment.void_reason}` : ''}
        </Text>
      )}
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th ta="right">Applied</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {allocations.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Anchor component={Link} to={`/invoices/${a.invoice_id}`} onClick={() => modal.dismiss()}>
                  Invoice {a.invoice_number ?? a.invoice_id}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(a.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" gap="xs">
        <HistoryButton resource="payments" id={id} />
        {canEdit && !payment.voided && (
          <Button variant="subtle" color="red" leftSection={<IconBan size={16} />} onClick={() => void doVoid()} data-testid="void-payment">
            Void payment
          </Button>
        )}
        <Button variant="default" onClick={() => modal.dismiss()}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

export function openPaymentView(modals: ModalStackApi, id: number): Promise<unknown> {
  return modals.push(() => <PaymentView id={id} />, { title: 'Payment', size: 'md', testId: 'payment-view-dialog' });
}
