import type { ActionParsedInput } from '@glazier/shared/actions/define';
import type { countMaterial as countMaterialAction } from '@glazier/shared/actions/inventory';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import type { Ctx } from '../../engine/context.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { get, getRow } from '../../engine/read.ts';
import { create } from '../../engine/write.ts';

/**
 * Count stock (`POST /api/materials/{id}/count {qty, date, note}`): a `count` transaction, the
 * absolute qty on hand from its date on. Right first (403), then the material (404), then the body
 * (422, through the transaction's own validation: qty required and not negative, date defaults to
 * today); one transaction with its audit row. Answers the material (with its new on hand) and the
 * transaction written.
 */
export async function countMaterial({
  ctx,
  id,
  input,
}: {
  ctx: Ctx;
  id: number;
  input: ActionParsedInput<typeof countMaterialAction>;
}): Promise<{ material: RecordWithRelations<'materials'>; transaction: RecordWithRelations<'material_transactions'> }> {
  return namedWrite(ctx, async ({ ctx: tx }) => {
    const material = await getRow(tx, 'materials', id);
    const { qty, date, note } = input; // a record: the declaration's schema refused anything else (422)
    const transaction = await create(tx, 'material_transactions', { material_id: material.id, type: 'count', qty, date, note });
    return { material: await get(tx, 'materials', material.id), transaction };
  });
}
