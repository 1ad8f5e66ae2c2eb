/**
 * Record payment (docs/domain/billing.md, Payments): the client, date, amount, method (the check's
 * number for a check), reference and note, and where the money goes: each of the client's open
 * invoices with its balance and share. The shares follow the amount (the invoice it was opened
 * from first, then oldest due first: payment-shares.ts) until one is typed. A payment more than
 * what is open is refused by the server, in its words.
 */
import { PAYMENT_METHODS } from '@glazier/shared/resources/billing';
import { formatDate, toIsoDate } from '@glazier/shared/rules/dates';
import { formatCents, formatMoney, fromCents, toCents } from '@glazier/shared/rules/money';
import type { RecordOf } from '@glazier/shared/resources/records';
import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionDialogForm, useActionDialog } from '../../resource-kit/forms/action-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useList } from '../../resource-kit/records/queries.ts';
import { DateField } from '../../ui/date-field.tsx';
import { MoneyField } from '../../ui/fields.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { savePayment } from './billing-actions.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './payment-text.ts';
import { defaultShares, sharesToSend, type Share } from './payment-shares.ts';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

interface Props {
  clientId?: number | null;
  /** The invoice it was opened from: paid first. */
  invoiceId?: number | null;
}

type Values = {
  client_id: number | null;
  payment_date: string | null;
  amount: number | null;
  method: PaymentMethod;
  check_number: string;
  reference: string;
  note: string;
};

function RecordPaymentForm({ clientId, invoiceId }: Props) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<Record<number, number> | null>(null);
  // the shares as sent, read at submit (set as the form renders)
  let shares: Share[] = [];
  const dialog = useActionDialog<Values, RecordOf<'payments'>>(
    { client_id: clientId ?? null, payment_date: toIsoDate(new Date()), amount: null, method: 'check', check_number: '', reference: '', note: '' },
    (v) =>
      savePayment(queryClient, {
        client_id: v.client_id ?? 0,
        payment_date: v.payment_date ?? '',
        amount: v.amount ?? 0,
        method: v.method,
        ...(v.method === 'check' && { check_number: v.check_number }),
        ...(v.reference.trim() && { reference: v.reference }),
        ...(v.note.trim() && { note: v.note }),
        allocations: sharesToSend(toCents(v.amount), shares)?.map((s) => ({ invoice_id: s.invoice_id, amount: fromCents(s.cents) })),
      }),
    'Payment recorded.',
  );
  const { form } = dialog;
  const values = form.getValues();
  const open = useList('invoices', { client_id: values.client_id ?? undefined, due: 'open', per_page: 100 }, { enabled: values.client_id != null });
  const invoices = (open.data ?? []).map((i) => ({
    id: i.id,
    number: i.number ?? null,
    client_id: i.client_id ?? 0,
    status: i.status ?? 'sent',
    due_date: i.due_date ?? null,
    balance: toCents(i.balance),
  }));
  const cents = toCents(values.amount);
  const defaults = defaultShares(cents, invoices, invoiceId ?? null);
  shares = typed ? defaults.map((s) => ({ invoice_id: s.invoice_id, cents: typed[s.invoice_id] ?? 0 })) : defaults;
  const sum = shares.reduce((a, s) => a + s.cents, 0);
  const openSum = invoices.reduce((a, i) => a + i.balance, 0);
  const byId = new Map((open.data ?? []).map((i) => [i.id, i]));
  const input = (name: keyof Values) => form.getInputProps(name);

  return (
    <ActionDialogForm dialog={dialog} saveLabel="Record payment">
      <RecordPicker
        resource="clients"
        label="Client"
        value={values.client_id}
        onChange={(id) => {
          form.setFieldValue('client_id', id);
          setTyped(null);
        }}
        error={form.errors.client_id}
        autoFocus={values.client_id == null}
        data-testid="payment-client"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <DateField label="Date" required {...input('payment_date')} />
        <MoneyField label="Amount" required autoFocusDelayed={values.client_id != null} {...input('amount')} data-testid="payment-amount" />
        <SelectField label="Method" data={METHOD_OPTIONS} {...input('method')} data-testid="payment-method" />
        {values.method === 'check' && <TextField label="Check number" required {...input('check_number')} />}
        <TextField label="Reference" {...input('reference')} />
      </SimpleGrid>
      <TextField label="Note" {...input('note')} />
      {values.client_id != null && (
        <Stack gap={4} data-testid="payment-allocation">
          <Text fw={600} size="sm">
            Applied to
          </Text>
          {invoices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {open.isPending ? 'Loading the open invoices…' : 'This client has no open invoices.'}
            </Text>
          ) : (
            <Table verticalSpacing={4} horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th visibleFrom="xs">Due</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th ta="right">Payment</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shares.map((s) => {
                  const i = byId.get(s.invoice_id);
                  return (
                    <Table.Tr key={s.invoice_id}>
                      <Table.Td>{i?.number ?? ''}</Table.Td>
                      <Table.Td visibleFrom="xs">{formatDate(i?.due_date)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(i?.balance)}</Table.Td>
                      <Table.Td w={130}>
                        <MoneyField
                          aria-label={`Payment to invoice ${i?.number ?? ''}`}
                          size="xs"
                          value={fromCents(s.cents)}
                          onChange={(v) => setTyped({ ...Object.fromEntries(shares.map((x) => [x.invoice_id, x.cents])), [s.invoice_id]: toCents(v) })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              Open: {formatCents(openSum)}
            </Text>
            <Text size="sm" c={sum === cents ? undefined : 'orange'} data-testid="payment-applied">
              Applied {formatCents(sum)} of {formatCents(cents)}
            </Text>
          </Group>
        </Stack>
      )}
    </ActionDialogForm>
  );
}

/** Opens Record payment; resolves with the payment recorded, or null. */
export function openRecordPaymentDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'payments'> | null> {
  return modals.push<RecordOf<'payments'>>(() => <RecordPaymentForm {...props} />, { title: 'Record payment', size: 'lg', testId: 'record-payment-dialog' });
}
