/**
 * Billing's named actions from the screens (docs/domain/billing.md): invoices made from a job,
 * Void, payments recorded and voided, export batches. Each writes what it answers into the cache
 * and marks stale what it moved: invoices (balances, statuses), payments, the aging.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ActionBody } from '@glazier/shared/actions/define';
import type { depositInvoice, invoiceFromJob, recordPayment } from '@glazier/shared/actions/billing';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordOf } from '@glazier/shared/resources/records';
import { callAction } from '../../resource-kit/http/actions.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';

/** After money moved: invoices (balance, status, the job's billed), payments and their allocations, the aging, the job. */
export function refreshBilling(queryClient: QueryClient): void {
  for (const name of ['invoices', 'invoice_lines', 'payments', 'payment_allocations', 'invoice_exports', 'jobs'] as const) {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) });
  }
}

export type FromJobBody = ActionBody<typeof invoiceFromJob>;
export type DepositBody = ActionBody<typeof depositInvoice>;
export type PaymentBody = ActionBody<typeof recordPayment>;

export async function createFromJob(queryClient: QueryClient, body: FromJobBody): Promise<RecordOf<'invoices'>> {
  const { data } = await callAction(ACTION_ROUTES['invoices.from_job'], { body });
  storeRecords(queryClient, 'invoices', [data]);
  refreshBilling(queryClient);
  return data;
}

export async function createDeposit(queryClient: QueryClient, body: DepositBody): Promise<RecordOf<'invoices'>> {
  const { data } = await callAction(ACTION_ROUTES['invoices.deposit'], { body });
  storeRecords(queryClient, 'invoices', [data]);
  refreshBilling(queryClient);
  return data;
}

export async function voidInvoice(queryClient: QueryClient, id: number, reason: string): Promise<RecordOf<'invoices'>> {
  const { data } = await callAction(ACTION_ROUTES['invoices.void'], { params: { id }, body: { reason } });
  storeRecords(queryClient, 'invoices', [data]);
  refreshBilling(queryClient);
  return data;
}

export async function savePayment(queryClient: QueryClient, body: PaymentBody): Promise<RecordOf<'payments'>> {
  const { data } = await callAction(ACTION_ROUTES['payments.record'], { body });
  storeRecords(queryClient, 'payments', [data]);
  refreshBilling(queryClient);
  return data;
}

export async function voidPayment(queryClient: QueryClient, id: number, reason: string): Promise<RecordOf<'payments'>> {
  const { data } = await callAction(ACTION_ROUTES['payments.void'], { params: { id }, body: { reason } });
  storeRecords(queryClient, 'payments', [data]);
  refreshBilling(queryClient);
  return data;
}

export async function exportBatch(queryClient: QueryClient, format: 'quickbooks' | 'xero'): Promise<RecordOf<'invoice_exports'>> {
  const { data } = await callAction(ACTION_ROUTES['invoice_exports.create'], { body: { format } });
  storeRecords(queryClient, 'invoice_exports', [data]);
  refreshBilling(queryClient);
  return data;
}
