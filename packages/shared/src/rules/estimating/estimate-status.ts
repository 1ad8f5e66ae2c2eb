/**
 * An estimate's status (docs/domain/estimating.md, Status): draft → open by Finalize, open → draft by "back to draft",
 * and the Estimate Status selection among open, won and lost (Draft offered only from open; not for
 * drafts). Finalize and back to draft need `edit estimates`; the selection needs `edit
 * estimates_admin`. Only a draft is edited or deleted.
 */
import { DECISIONS, ESTIMATE_STATUSES } from '../value-lists.ts';

export { DECISIONS, ESTIMATE_STATUSES };

export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];
export type Decision = (typeof DECISIONS)[number];

export const FINALIZE_CONFIRM = 'Finalize estimate and change status to open?';
export const BACK_TO_DRAFT_CONFIRM = 'Set estimate back to draft?';
export const ONLY_DRAFTS_MESSAGE = 'Only a draft estimate can be changed. Set it back to draft first.';

export const ESTIMATE_STATUS_LABELS: Record<EstimateStatus, string> = { draft: 'Draft', open: 'Open', won: 'Won', lost: 'Lost' };

/** How a move is made: Finalize, back to draft, or the Estimate Status selection. */
export type StatusMove = 'finalize' | 'back_to_draft' | 'selection';

/** The choices of the Estimate Status selection for an estimate in `from` (none for a draft). */
export function statusChoices(from: EstimateStatus): EstimateStatus[] {
  if (from === 'draft') return [];
  return from === 'open' ? ['open', 'won', 'lost', 'draft'] : ['open', 'won', 'lost'];
}

/** How `from` → `to` is made, or null when no rule allows it (staying put is no move). */
export function statusMove(from: EstimateStatus, to: EstimateStatus): StatusMove | null {
  if (from === to) return null;
  if (from === 'draft') return to === 'open' ? 'finalize' : null;
  if (to === 'draft') return from === 'open' ? 'back_to_draft' : null;
  return 'selection';
}

/** Why `from` → `to` is refused (422 on `status`). */
export function refusedMoveMessage(from: EstimateStatus, to: EstimateStatus): string {
  if (from === to) return `The estimate is already ${ESTIMATE_STATUS_LABELS[to].toLowerCase()}.`;
  if (from === 'draft') return 'A draft estimate is finalized first: it becomes open.';
  return `A ${ESTIMATE_STATUS_LABELS[from].toLowerCase()} estimate cannot go back to draft; set it to open first.`;
}

export const OLDER_REVISION_MESSAGE = 'This is an older revision, kept as it was. Open the latest revision to change it.';

/** What decides whether an estimate may change: its status and whether a newer revision replaced it. */
export interface EstimateState {
  status?: string | null;
  superseded_at?: unknown;
}

/** Why an estimate's content (its fields, items, category notes, takeoff) may not change; null when it may (a draft, the latest revision). */
export function contentLockedMessage(e: EstimateState): string | null {
  if (e.superseded_at != null) return OLDER_REVISION_MESSAGE;
  return e.status === 'draft' ? null : ONLY_DRAFTS_MESSAGE;
}

export const contentEditable = (e: EstimateState): boolean => contentLockedMessage(e) === null;

/** Whether the client's choice of alternates may change: while it is offered (a draft or open), on the latest revision. */
export const alternatesChoosable = (e: EstimateState): boolean => (e.status === 'draft' || e.status === 'open') && e.superseded_at == null;

/** Why an estimate made into a job does not leave won (422 on `status`): the job is what was sold. */
export const hasJobMessage = (job: string): string => `This estimate became job ${job}: it stays won. The job is what was sold.`;

/** Who accepted an estimate by its approval link, as the history and the decision name them. */
export const approvalLinkActor = (name: string): string => `${name}, by the approval link`;

/**
 * The client's decision after a move to `to`: the first time an estimate is marked won (or lost)
 * is the decision, with its time and who made it (`fresh`); marking it open and back keeps that
 * one, marking it the other way is a new one. A stored won or lost estimate without a recorded
 * decision (from before it was kept) has decided its status.
 */
export function decisionOnMove(
  stored: { status?: string | null; decision?: string | null },
  to: EstimateStatus,
): { decision: Decision | null; fresh: boolean } {
  const current = asDecision(stored.decision) ?? asDecision(stored.status);
  const next = asDecision(to);
  if (!next) return { decision: current, fresh: false };
  return { decision: next, fresh: current !== next };
}

const asDecision = (v: string | null | undefined): Decision | null => (v === 'won' || v === 'lost' ? v : null);
