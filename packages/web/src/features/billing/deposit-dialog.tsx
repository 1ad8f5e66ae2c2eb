/**
 * Deposit invoice (docs/domain/billing.md, Deposits): a percent of the job's (or a won estimate's) total or an amount,
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
/** What the deposit is asked of: a job, or a won estimate whose job is not made yet. */
export type DepositOf = { job_id: number } | { estimate_id: number };

function DepositForm({ of }: { of: DepositOf }) {
  const what = 'job_id' in of ? 'the job' : 'the estimate';
  const queryClient = useQueryClient();
  const dialog = useActionDialog<Values, RecordOf<'invoices'>>(
    { basis: 'percent', percent: 30, amount: null },
    (v) => createDeposit(queryClient, v.basis === 'percent' ? { ...of, percent: v.percent ?? 0 } : { ...of, amount: v.amount ?? 0 }),
    'Deposit invoice made.',
  );
  const { form } = dialog;
  const basis = form.getValues().basis;
  return (
    <ActionDialogForm dialog={dialog} saveLabel="Make deposit invoice">
      <Text size="sm">A draft invoice asking for part of {what} before work starts; the job's final invoice subtracts it once paid.</Text>
      <SegmentedControl
        aria-label="Deposit as"
        value={basis}
        onChange={(v) => form.setFieldValue('basis', v as Values['basis'])}
        data={[
          { value: 'percent', label: `Percent of ${what}` },
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

export function openDepositDialog(modals: ModalStackApi, of: DepositOf): Promise<RecordOf<'invoices'> | null> {
  return modals.push<RecordOf<'invoices'>>(() => <DepositForm of={of} />, { title: 'Deposit invoice', size: 'sm', testId: 'deposit-dialog' });
}
