import { and, eq, isNull } from 'drizzle-orm';
import type { Row } from '../db/client.ts';
import { tableFor } from '../db/schema.ts';
import { recordAudit } from '../engine/audit.ts';
import { authorize, type Ctx } from '../engine/context.ts';
import { get, parseId } from '../engine/engine.ts';
import { notFound } from '../engine/errors.ts';
import { copyColumns, copyJobProducts, JOB_PROGRESS_RESET } from './copy-job-products.ts';

/**
 * `POST /api/jobs/{id}/duplicate` → the copy: the job with its products, the number cleared (the
 * user gives the copy its own), active, its completion flags cleared and its products' measured /
 * ordered / fabricated progress too: the copy is new work. Guarded columns (burden rate, costs,
 * revenues) are copied as stored, so a caller without `edit jobs_admin` loses nothing they cannot
 * see. Right first (403), then the job (404); one transaction, audit rows for the job
 * (`duplicate`, with the source id) and each product. Answers the copy as `GET /api/jobs/{id}` does.
 */
export async function duplicateJob({ ctx, id: idRaw }: { ctx: Ctx; id: unknown }): Promise<Row> {
  authorize(ctx, 'edit', 'jobs');
  const id = parseId(idRaw);
  const t = tableFor('jobs');
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [source] = (await db.orm
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.is_template, false), isNull(t.deleted_at)))
      .limit(1)) as Row[];
    if (!source) throw notFound('Job');
    const now = new Date().toISOString();
    const [copy] = (await db.orm
      .insert(t)
      .values({ ...copyColumns(source), ...JOB_PROGRESS_RESET, number: null, active: true, created_at: now, updated_at: now })
      .returning()) as Row[];
    await recordAudit(tx, 'jobs', 'duplicate', copy!.id as number, { id: source.id }, copy!);
    await copyJobProducts(tx, source.id as number, copy!.id as number);
    return get(tx, 'jobs', copy!.id);
  });
}
