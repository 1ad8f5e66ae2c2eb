/**
 * Deposit invoice (docs/domain/billing.md, Deposits): a percent of the job's total or an amount,
 * as one untaxed line of a new draft; the server refuses deposits beyond the job's total, in words.
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import { SegmentedControl, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ActionDialogForm, useActionDialog } from '../../resource-kit/forms/action-dialog.tsx';
import { MoneyField, QtyField } from '../../ui/fields.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { createDeposit } from './billing-actions.ts';

type Values = { basis: 'percent' | 'amount'; percent: number | null; amount: number | null };

function DepositForm({ jobId }: { jobId: number }) {
  const queryClient = useQueryClient();
  const dialog = useActionDialog<Values, RecordOf<'invoices'>>(
    { basis: 'percent', percent: 30, amount: null },
    (v) => createDeposit(queryClient, v.basis === 'percent' ? { job_id: jobId, percent: v.percent ?? 0 } : { job_id: jobId, amount: v.amount ?? 0 }),
    'Deposit invoice made.',
  );
  const { form } = dialog;
  const basis = form.getValues().basis;
  return (
    <ActionDialogForm dialog={dialog} saveLabel="Make deposit invoice">
      <Text size="sm">A draft invoice asking for part of the job before work starts; the final invoice subtracts it once paid.</Text>
      <SegmentedControl
        aria-label="Deposit as"
        value={basis}
        onChange={(v) => form.setFieldValue('basis', v as Values['basis'])}
        data={[
          { value: 'percent', label: 'Percent of the job' },
          { value: 'amount', label: 'Amount' },
        ]}
      />
      {basis === 'percent' ? (
        <QtyField label="Percent" autoFocusDelayed {...form.getInputProps('percent')} data-testid="deposit-percent" />
      ) : (
        <MoneyField label="Amount" autoFocusDelayed {...form.getInputProps('amount')} data-testid="deposit-amount" />
      )}
    </ActionDialogForm>
  );
}

export function openDepositDialog(modals: ModalStackApi, jobId: number): Promise<RecordOf<'invoices'> | null> {
  return modals.push<RecordOf<'invoices'>>(() => <DepositForm jobId={jobId} />, { title: 'Deposit invoice', size: 'sm', testId: 'deposit-dialog' });
}
