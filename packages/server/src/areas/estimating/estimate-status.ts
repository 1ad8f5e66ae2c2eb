import { sql } from 'drizzle-orm';
import {
  decisionOnMove,
  hasJobMessage,
  OLDER_REVISION_MESSAGE,
  refusedMoveMessage,
  statusMove,
  type EstimateStatus,
} from '@glazier/shared/rules/estimating/estimate-status';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlSelect } from '../../db/typed-sql.ts';
import { actorName, canEdit, type Ctx } from '../../engine/context.ts';
import { ApiError, forbidden, invalid, notFound } from '../../engine/errors.ts';
import { changeRecord, type RecordWriter } from '../../engine/named-write.ts';
import { findRow, get } from '../../engine/read.ts';
import { resource } from '../../engine/resources.ts';
import type { StoredRow } from '../../engine/server-resource.ts';

type Estimate = StoredRow<'estimates'>;

/** An estimate locked for the change (404 as a get would answer it). */
export async function lockEstimate(ctx: Ctx, id: number): Promise<Estimate> {
  const estimate = await findRow(ctx, resource('estimates'), id, { forUpdate: true });
  if (!estimate) throw notFound('Estimate');
  return estimate;
}

/**
 * `POST /api/estimates/{id}/status` (docs/domain/estimating.md, Status): the only way an estimate's status moves. Finalize
 * (draft → open) and back to draft (open → draft) need `edit estimates` (the declaration's right);
 * the selection among open, won and lost needs `edit estimates_admin` (403). Any other move is a 422
 * on `status`. One named write with its audit row.
 */
export async function setEstimateStatus({ ctx, id, status }: { ctx: Ctx; id: number; status: EstimateStatus }): Promise<RecordWithRelations<'estimates'>> {
  return changeRecord(ctx, { resource: 'estimates', id, action: 'status' }, async (w, estimate) => {
    await moveEstimateStatus(w, estimate, status);
    return get(w.ctx, 'estimates', id);
  });
}

/**
 * The status rule's one code path, inside the caller's transaction with the estimate locked: the
 * move must be one the rule allows (422 on `status`), an older revision never moves (409), and the
 * selection (open, won, lost) needs `edit estimates_admin` (403), unless the client decided it
 * online (`decidedByClient`, estimate-approvals.ts): the moves open → won (accepted) and open →
 * lost (declined), made by the client through the link rather than by staff. A won estimate made into a live job stays won (422
 * naming the job). Writes the status, the decision (decisionOnMove: the first won or lost, its time
 * and who made it, kept through a move to open and back) and the audit row; answers the row.
 */
export async function moveEstimateStatus(
  w: RecordWriter,
  estimate: Estimate,
  status: EstimateStatus,
  opts: { decidedByClient?: boolean } = {},
): Promise<Estimate> {
  const tx = w.ctx;
  if (estimate.superseded_at != null) throw new ApiError(409, OLDER_REVISION_MESSAGE);
  const from = estimate.status as EstimateStatus;
  // made into a (live) job, it was sold: it stays won, else the job stays active for a lost estimate
  if (from === 'won' && status !== 'won' && estimate.job_id != null) {
    const [job] = await sqlSelect(
      tx.db,
      { number: 'text?', name: 'text' },
      sql`SELECT number, name FROM jobs WHERE id = ${estimate.job_id} AND deleted_at IS NULL`,
    );
    if (job) throw invalid({ status: [hasJobMessage(job.number || job.name)] });
  }
  const move = statusMove(from, status);
  if (!move) throw invalid({ status: [refusedMoveMessage(from, status)] });
  if (opts.decidedByClient) {
    if (from !== 'open' || (status !== 'won' && status !== 'lost')) throw new ApiError(409, 'Only an open estimate is accepted or declined by its client.');
  } else if (move === 'selection' && !canEdit(tx, 'estimates_admin')) {
    throw forbidden('Marking an estimate open, won or lost needs the estimates admin right.');
  }
  const id = estimate.id;
  const { decision, fresh } = decisionOnMove(estimate, status);
  const fields = { status, updated_at: sql`now()`, decision, ...(fresh && { decided_at: sql`now()`, decided_by: actorName(tx) }) };
  return w.update('estimates', id, fields, { action: 'status', before: estimate });
}
