import { sql } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import type { Ctx } from '../../engine/context.ts';
import { get } from '../../engine/read.ts';
import { ApiError } from '../../engine/errors.ts';
import { changeRecord, type RecordWriter } from '../../engine/named-write.ts';
import type { StoredRow } from '../../engine/server-resource.ts';
import { sqlSelect } from '../../db/typed-sql.ts';

const today = () => new Date().toISOString().slice(0, 10);

async function insertPull(w: RecordWriter, bom: StoredRow<'boms'>, materialId: number, qty: number, note: string): Promise<void> {
  await w.insert('material_transactions', { material_id: materialId, type: 'pull', qty, date: today(), bom_id: bom.id, note });
}

const bomName = (bom: StoredRow<'boms'>) => (bom.name ? `Bom ${String(bom.name)}` : `Bom #${String(bom.id)}`);

/**
 * `POST /api/boms/{id}/pull` → the bom: a `pull` transaction per line (stock falls) and
 * `pulled_at`, in one transaction; from then on the bom is read-only. A bom already pulled is
 * refused (409), so a double click never pulls twice.
 */
export async function pullBom({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'boms'>> {
  return changeRecord(ctx, { resource: 'boms', id, action: 'pull' }, async (w, bom) => {
    const db = w.ctx.db;
    if (bom.pulled_at != null) throw new ApiError(409, 'This bom has already been pulled from stock.');
    const lines = await sqlSelect(
      db,
      { material_id: 'num', qty: 'num' },
      sql`SELECT material_id, qty FROM bom_materials WHERE bom_id = ${id} AND deleted_at IS NULL AND coalesce(qty, 0) <> 0 ORDER BY id`,
    );
    for (const l of lines) await insertPull(w, bom, l.material_id, Number(l.qty), `${bomName(bom)}: pulled`);
    await w.update('boms', id, { pulled_at: sql`now()`, updated_at: sql`now()` }, { action: 'pull', before: bom });
    return get(w.ctx, 'boms', id);
  });
}

/**
 * `POST /api/boms/{id}/return` (Return to stock) → the bom: what its pulls took, per material,
 * goes back as a negative `pull` (the reverse, so the history explains the number) and
 * `pulled_at` is cleared; the bom is editable again. A bom not pulled is refused (409).
 */
export async function returnBom({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'boms'>> {
  return changeRecord(ctx, { resource: 'boms', id, action: 'return' }, async (w, bom) => {
    const db = w.ctx.db;
    if (bom.pulled_at == null) throw new ApiError(409, 'This bom has not been pulled, so there is nothing to return to stock.');
    const pulled = await sqlSelect(
      db,
      { material_id: 'num', qty: 'num' },
      sql`SELECT material_id, sum(qty) AS qty FROM material_transactions WHERE bom_id = ${id} AND type = 'pull'
        GROUP BY material_id HAVING sum(qty) <> 0 ORDER BY material_id`,
    );
    for (const p of pulled) await insertPull(w, bom, p.material_id, -Number(p.qty), `${bomName(bom)}: returned to stock`);
    await w.update('boms', id, { pulled_at: null, updated_at: sql`now()` }, { action: 'return', before: bom });
    return get(w.ctx, 'boms', id);
  });
}
