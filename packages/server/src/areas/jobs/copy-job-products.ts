import { and, asc, eq, isNull } from 'drizzle-orm';
import { SCOPES } from '@glazier/shared/resources/jobs';
import { completionFlag } from '@glazier/shared/rules/jobs/job-scope';
import type { Row } from '../../db/client.ts';
import type { RecordWriter } from '../../engine/named-write.ts';
import { storedRows } from '../../engine/lookup.ts';

/** Columns a copy never takes over: identity, timestamps. */
const OWN_COLUMNS = ['id', 'created_at', 'updated_at', 'deleted_at'];
/** Progress of the original job's work: a copy starts unmeasured, unordered, unfabricated. */
const PROGRESS_COLUMNS = ['is_measured', 'is_ordered', 'is_fabricated', 'measure_date'];

/** A row's columns for an insert of its copy. */
export function copyColumns(row: Row, drop: readonly string[] = []): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (!OWN_COLUMNS.includes(k) && !drop.includes(k)) out[k] = v;
  return out;
}

/** A job copy starts incomplete: no completion flag set. */
export const JOB_PROGRESS_RESET: Row = Object.fromEntries([...SCOPES.map((s) => [completionFlag(s), false]), ['is_complete', false]]);

/**
 * Copies the products of one job (or job template) into another, with every column as stored, the
 * guarded cost and revenue included whoever asks: a copy keeps what its source says, even where
 * the caller may not see it. One audit row per product (the writer's), in the caller's transaction.
 */
export async function copyJobProducts(w: RecordWriter, fromJobId: number, toJobId: number): Promise<number> {
  const source = await storedRows(w.ctx.db, 'job_products', (t) => ({
    where: and(eq(t.job_id, fromJobId), isNull(t.deleted_at)),
    orderBy: [asc(t.sort), asc(t.id)],
  }));
  if (!source.length) return 0;
  const now = new Date().toISOString();
  const rows = source.map((p) => ({ ...copyColumns(p, PROGRESS_COLUMNS), job_id: toJobId, created_at: now, updated_at: now }));
  return (await w.insertMany('job_products', rows)).length;
}
