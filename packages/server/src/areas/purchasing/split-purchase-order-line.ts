import type { ActionParsedInput } from '@glazier/shared/actions/define';
import type { splitPurchaseOrderLine as splitAction } from '@glazier/shared/actions/purchasing';
import type { RecordOf } from '@glazier/shared/resources/records';
import type { Ctx } from '../../engine/context.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { getRow } from '../../engine/read.ts';
import { create, update } from '../../engine/write.ts';
import { invalid } from '../../engine/errors.ts';
import { roundMoney } from '@glazier/shared/rules/money';
import { lineUnitPrice, SPLIT_STATUSES, splitErrors, type PoLineStatus } from '@glazier/shared/rules/purchasing/purchase-order-line';

/**
 * `POST /api/purchase_order_materials/{id}/split {ordered, received, backordered}` → `{data:
 * lines}`: the line keeps the amount of its current status (or the first non-zero one) and each
 * other non-zero amount becomes a new line of the same material at the same unit price (the kept
 * line takes the cents left over, so the order's total does not move). Every line is saved
 * through the generic save, so the received part writes its receipt and the order's received
 * state follows. 422 when an amount is negative or not a number, or the total differs from the
 * line's qty. One transaction.
 */
export async function splitPurchaseOrderLine({
  ctx,
  id,
  input,
}: {
  ctx: Ctx;
  id: number;
  input: ActionParsedInput<typeof splitAction>;
}): Promise<{ data: RecordOf<'purchase_order_materials'>[] }> {
  return namedWrite(ctx, async ({ ctx: tx }) => {
    const line = await getRow(tx, 'purchase_order_materials', id);
    const body: Partial<Record<PoLineStatus, unknown>> = input; // a record: the declaration's schema refused anything else (422)
    const qty = Number(line.qty ?? 0);
    const errors = splitErrors(qty, body);
    if (Object.keys(errors).length) throw invalid(errors);
    const amounts = Object.fromEntries(SPLIT_STATUSES.map((s) => [s, Number(body[s] ?? 0)])) as Record<PoLineStatus, number>;
    const current = line.status as PoLineStatus;
    const keep = amounts[current] > 0 ? current : SPLIT_STATUSES.find((s) => amounts[s] > 0);
    if (!keep) return { data: [line] }; // a line of qty 0 has nothing to divide
    const unit = lineUnitPrice(qty, Number(line.price ?? 0));
    const others = SPLIT_STATUSES.filter((s) => s !== keep && amounts[s] > 0);
    const otherPrices = others.map((s) => roundMoney(unit * amounts[s]));
    const keptPrice = roundMoney(Number(line.price ?? 0) - otherPrices.reduce((a, b) => a + b, 0));
    // New lines first, so the order is never briefly all received while the kept line changes.
    const added: RecordOf<'purchase_order_materials'>[] = [];
    for (const [i, s] of others.entries()) {
      added.push(
        await create(tx, 'purchase_order_materials', {
          purchase_order_id: line.purchase_order_id,
          material_id: line.material_id,
          vendor_material_id: line.vendor_material_id,
          qty: amounts[s],
          price: otherPrices[i],
          status: s,
        }),
      );
    }
    const kept = await update(tx, 'purchase_order_materials', id, { qty: amounts[keep], price: keptPrice, status: keep });
    return { data: [kept, ...added] };
  });
}
