/**
 * Record payment and Void payment (docs/domain/billing.md, Payments): in one named write, the
 * invoices the payment may go to read locked with their balances, the rule's allocation
 * (`allocatePayment`: the shares given, or oldest due first; more than is open refused, as no
 * credit is kept), the payment and its allocations stored, and each invoice's status following.
 */
import { sql } from 'drizzle-orm';
import type { recordPayment } from '@glazier/shared/actions/billing';
import type { ActionParsedInput } from '@glazier/shared/actions/define';
import { allocatePayment, voidPayment, type AllocationRefusal } from '@glazier/shared/rules/billing/payments';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import { sqlRows } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError, invalid } from '../../engine/errors.ts';
import { changeRecord, namedWrite } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { invoiceMoney, settleStatuses } from './invoice-money.ts';

/** The field a refusal is about, for the form. */
const FIELD: Record<AllocationRefusal, string> = {
  amount: 'amount',
  check_number: 'check_number',
  no_open_invoices: 'client_id',
  other_client: 'allocations',
  not_payable: 'allocations',
  unknown_invoice: 'allocations',
  share: 'allocations',
  share_over_balance: 'allocations',
  shares_sum: 'allocations',
  over_payment: 'amount',
};

export async function recordPaymentAction(ctx: Ctx, input: ActionParsedInput<typeof recordPayment>) {
  const id = await namedWrite(ctx, async (w) => {
    const [client] = await sqlRows<{ id: number }>(w.ctx.db, sql`SELECT id FROM clients WHERE id = ${input.client_id} AND deleted_at IS NULL`);
    if (!client) throw invalid({ client_id: ['The selected client is invalid.'] });
    const named = `{${(input.allocations ?? []).map((a) => a.invoice_id).join(',')}}`;
    const invoices = await invoiceMoney(
      w.ctx.db,
      sql`deleted_at IS NULL AND ((client_id = ${input.client_id} AND status IN ('sent', 'partly_paid')) OR id = ANY(${named}::int[]))`,
      true,
    );
    const cents = toCents(input.amount);
    const allocated = allocatePayment(
      {
        client_id: input.client_id,
        cents,
        method: input.method,
        check_number: input.check_number ?? null,
        shares: input.allocations?.map((a) => ({ invoice_id: a.invoice_id, cents: toCents(a.amount) })),
      },
      invoices.map((i) => ({ id: i.id, number: i.number, client_id: i.client_id, status: i.status, due_date: i.due_date, balance: i.balance })),
    );
    if (!allocated.ok) throw invalid({ [FIELD[allocated.code]]: [allocated.message] });
    const payment = await w.insert('payments', {
      client_id: input.client_id,
      payment_date: input.payment_date,
      amount: fromCents(cents).toFixed(2),
      method: input.method,
      check_number: input.check_number || null,
      reference: input.reference || null,
      note: input.note || null,
    });
    await w.insertMany(
      'payment_allocations',
      allocated.value.map((a) => ({ payment_id: payment.id, invoice_id: a.invoice_id, amount: fromCents(a.cents).toFixed(2) })),
    );
    await settleStatuses(
      w,
      allocated.value.map((a) => a.invoice_id),
    );
    return payment.id;
  });
  return { data: await get(ctx, 'payments', id) };
}

/** Void payment, with a reason: its allocations stay as history, its money no longer counts, and its invoices' statuses follow. */
export async function voidPaymentAction(ctx: Ctx, id: number, reason: string) {
  await changeRecord(ctx, { resource: 'payments', id, action: 'void' }, async (w, before) => {
    const ok = voidPayment({ voided: before.voided === true }, reason);
    if (!ok.ok) throw ok.code === 'reason' ? invalid({ reason: [ok.message] }) : new ApiError(409, ok.message);
    await w.update('payments', id, { voided: true, void_reason: ok.value.reason, updated_at: sql`now()` }, { before, action: 'void' });
    const held = await sqlRows<{ invoice_id: number }>(
      w.ctx.db,
      sql`SELECT invoice_id FROM payment_allocations WHERE payment_id = ${id} AND deleted_at IS NULL`,
    );
    await settleStatuses(
      w,
      held.map((h) => h.invoice_id),
    );
  });
  return { data: await get(ctx, 'payments', id) };
}
