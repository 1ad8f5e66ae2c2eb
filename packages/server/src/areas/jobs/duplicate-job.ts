import { jobs } from '@glazier/shared/resources/jobs';
import { and, eq, isNull } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import type { Ctx } from '../../engine/context.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { update } from '../../engine/write.ts';
import { notFound } from '../../engine/errors.ts';
import { copyColumns, copyJobProducts, JOB_PROGRESS_RESET } from './copy-job-products.ts';
import { storedRows } from '../../engine/lookup.ts';

/**
 * `POST /api/jobs/{id}/duplicate` → the copy: the job with its products, the number cleared (the
 * user gives the copy its own), active, its completion flags cleared and its products' measured /
 * ordered / fabricated progress too: the copy is new work. Guarded columns (burden rate, costs,
 * revenues) are copied as stored, so a caller without `edit jobs_admin` loses nothing they cannot
 * see. Right first (403), then the job (404); one transaction, audit rows for the job
 * (`duplicate`, with the source id) and each product. Answers the copy as `GET /api/jobs/{id}` does.
 *
 * A body of job fields (the Duplicate Job dialog's values) is then saved onto the copy as an update
 * of it would be (validated, guarded fields dropped without the right, the job rules checked), in
 * the same transaction: a refused value (422) leaves no copy behind.
 */
export async function duplicateJob({ ctx, id, body }: { ctx: Ctx; id: number; body?: unknown }): Promise<RecordWithRelations<'jobs'>> {
  return namedWrite(ctx, async (w) => {
    const tx = w.ctx;
    const db = tx.db;
    const [source] = await storedRows(db, 'jobs', (t) => ({ where: and(eq(t.id, id), eq(t.is_template, false), isNull(t.deleted_at)), limit: 1 }));
    if (!source) throw notFound('Job');
    const now = new Date().toISOString();
    const values = { ...copyColumns(source), ...JOB_PROGRESS_RESET, number: null, active: true, created_at: now, updated_at: now };
    const copy = await w.insert('jobs', values, { action: 'duplicate', before: { id: source.id } });
    if (hasFields(body)) await update(tx, 'jobs', copy.id, jobFields(body));
    await copyJobProducts(w, source.id, copy.id);
    return get(tx, 'jobs', copy.id);
  });
}

/**
 * The job's own fields of the body: not its id or `updated_at` (the copy is new: no stale-copy
 * check against it), nor its products (the copy's are the source's). A non-record goes through
 * as it is, for the update to refuse.
 */
function jobFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => k in jobs.fields));
}

/** A body worth saving: anything but nothing, null or `{}` (a non-record is refused by the update). */
function hasFields(body: unknown): boolean {
  return body != null && !(typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
}
