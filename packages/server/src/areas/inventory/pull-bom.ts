import { sql } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlRows } from '../../db/client.ts';
import { recordAudit } from '../../engine/audit.ts';
import type { Ctx } from '../../engine/context.ts';
import { get } from '../../engine/read.ts';
import { ApiError, notFound } from '../../engine/errors.ts';
import type { StoredRow } from '../../engine/server-resource.ts';

const today = () => new Date().toISOString().slice(0, 10);

async function lockBom(ctx: Ctx, id: number): Promise<StoredRow<'boms'>> {
  const [bom] = await sqlRows<StoredRow<'boms'>>(ctx.db, sql`SELECT * FROM boms WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
  if (!bom) throw notFound('Bom');
  return bom;
}

async function insertPull(ctx: Ctx, bom: StoredRow<'boms'>, materialId: number, qty: number, note: string): Promise<void> {
  const [t] = await sqlRows<StoredRow<'material_transactions'>>(
    ctx.db,
    sql`INSERT INTO material_transactions (material_id, type, qty, date, bom_id, note)
      VALUES (${materialId}, 'pull', ${qty}, ${today()}, ${bom.id}, ${note}) RETURNING *`,
  );
  await recordAudit(ctx, 'material_transactions', 'create', t!.id, null, t!);
}

const bomName = (bom: StoredRow<'boms'>) => (bom.name ? `Bom ${String(bom.name)}` : `Bom #${String(bom.id)}`);

/**
 * `POST /api/boms/{id}/pull` → the bom: a `pull` transaction per line (stock falls) and
 * `pulled_at`, in one transaction; from then on the bom is read-only. A bom already pulled is
 * refused (409), so a double click never pulls twice.
 */
export async function pullBom({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'boms'>> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const bom = await lockBom(tx, id);
    if (bom.pulled_at != null) throw new ApiError(409, 'This bom has already been pulled from stock.');
    const lines = await sqlRows<{ material_id: number; qty: string | number }>(
      db,
      sql`SELECT material_id, qty FROM bom_materials WHERE bom_id = ${id} AND deleted_at IS NULL AND coalesce(qty, 0) <> 0 ORDER BY id`,
    );
    for (const l of lines) await insertPull(tx, bom, l.material_id, Number(l.qty), `${bomName(bom)}: pulled`);
    const [after] = await sqlRows<StoredRow<'boms'>>(db, sql`UPDATE boms SET pulled_at = now(), updated_at = now() WHERE id = ${id} RETURNING *`);
    await recordAudit(tx, 'boms', 'pull', id, bom, after!);
    return get(tx, 'boms', id);
  });
}

/**
 * `POST /api/boms/{id}/return` (Return to stock) → the bom: what its pulls took, per material,
 * goes back as a negative `pull` (the reverse, so the history explains the number) and
 * `pulled_at` is cleared; the bom is editable again. A bom not pulled is refused (409).
 */
export async function returnBom({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'boms'>> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const bom = await lockBom(tx, id);
    if (bom.pulled_at == null) throw new ApiError(409, 'This bom has not been pulled, so there is nothing to return to stock.');
    const pulled = await sqlRows<{ material_id: number; qty: string | number }>(
      db,
      sql`SELECT material_id, sum(qty) AS qty FROM material_transactions WHERE bom_id = ${id} AND type = 'pull'
        GROUP BY material_id HAVING sum(qty) <> 0 ORDER BY material_id`,
    );
    for (const p of pulled) await insertPull(tx, bom, p.material_id, -Number(p.qty), `${bomName(bom)}: returned to stock`);
    const [after] = await sqlRows<StoredRow<'boms'>>(db, sql`UPDATE boms SET pulled_at = NULL, updated_at = now() WHERE id = ${id} RETURNING *`);
    await recordAudit(tx, 'boms', 'return', id, bom, after!);
    return get(tx, 'boms', id);
  });
}
