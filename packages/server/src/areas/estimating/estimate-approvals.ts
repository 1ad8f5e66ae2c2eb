/**
 * A client's approval of an estimate. Staff with `edit estimates` make a link for an
 * open estimate, a record link (platform/record-links.ts: its token answered once and stored only
 * as its sha256), valid 14 days unless told otherwise, revocable until the client answers. The client opens it without an
 * account (the public actions, rate-limited by their declarations): they read the estimate as
 * printed (estimateDocument: nothing else of the company's data) and accept it with a typed name
 * and their choice of alternates. Acceptance is one transaction: the link records who, when, from
 * which address and the alternates; the estimate keeps the choice and is marked won through the
 * status rule (moveEstimateStatus); and a note on the estimate, by the link's maker, tells the
 * estimator. A token that names no link is a 404; a link used, revoked or expired, or whose
 * estimate is no longer open, a 410.
 */
import { sql } from 'drizzle-orm';
import type { ApprovalLink } from '@glazier/shared/actions/estimating';
import { APPROVAL_LINK_DAYS } from '@glazier/shared/actions/estimating';
import { chosenAlternates, documentTotals, type EstimateDocument } from '@glazier/shared/rules/estimating/estimate-document';
import { approvalLinkActor } from '@glazier/shared/rules/estimating/estimate-status';
import { hasAlternate } from '@glazier/shared/rules/estimating/estimate-totals';
import { formatDate } from '@glazier/shared/rules/dates';
import type { Db, Row } from '../../db/client.ts';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import { estimate_approvals } from '../../db/schema.ts';
import type { Ctx, MailContext } from '../../engine/context.ts';
import { invalid } from '../../engine/errors.ts';
import { namedWrite, type RecordWriter } from '../../engine/named-write.ts';
import type { StoredRow } from '../../engine/server-resource.ts';
import { systemCtx } from '../../platform/system-context.ts';
import { readEstimateDocument } from './estimate-document.ts';
import { moveEstimateStatus } from './estimate-status.ts';
import { createElement } from 'react';
import { formatMoney } from '@glazier/shared/rules/money';
import { NO_MAIL, appLink, enqueueMail } from '../../platform/mail/outbox.ts';
import { renderMail, shopName } from '../../platform/mail/templates/render.ts';
import { EstimateDecision } from '../../platform/mail/templates/estimate-decision.tsx';
import { linkIso, linkIsoOrNull, presentLinkBase, recordLinks, type LinkRowOf } from '../../platform/record-links.ts';

export const ONLY_OPEN_MESSAGE = 'Only an open estimate can be sent to the client for approval. Finalize it first.';
export const LINK_NOT_FOUND_MESSAGE = 'This approval link is not valid. Check that it was copied whole.';
export const ALREADY_ACCEPTED_MESSAGE = 'This estimate has already been accepted with this link.';
export const ALREADY_DECLINED_MESSAGE = 'This estimate was declined with this link. Please ask us for a new one if you change your mind.';
export const REVOKED_MESSAGE = 'This approval link was withdrawn. Please ask us for a new one.';
export const EXPIRED_MESSAGE = 'This approval link has expired. Please ask us for a new one.';
export const NO_LONGER_OPEN_MESSAGE = 'This estimate is no longer open for approval. Please ask us for a new link.';

/** A client's decision by the link, as the estimators' email tells it. */
interface Decision {
  decision: 'accepted' | 'declined';
  signer: string;
  at: string;
  total?: number;
  /** What the client chose of the alternates offered (chosenAlternates); absent when none were offered. */
  alternates?: string[];
  reason?: string;
}

/** "E-1042 Lakeside offices": the estimate as messages name it. */
export const estimateLabel = (e: { job_number?: string | null; name?: string | null }) => [e.job_number, e.name].filter(Boolean).join(' ');

/** A stored link (its timestamps as the drivers answer them), with the name of its maker. */
type LinkRow = LinkRowOf<typeof estimate_approvals>;

/** Where the client opens a token: the web app's page (router: publicRoutes of estimating). */
export const approvalPath = (token: string) => `/approve/${token}`;

const isOpen = (estimate: StoredRow<'estimates'>) => estimate.status === 'open' && estimate.superseded_at == null;

/** An estimate's approval links: a record link (platform/record-links.ts) that the client answers once. */
export const approvalLinks = recordLinks({
  resource: 'estimates',
  table: estimate_approvals,
  recordColumn: 'estimate_id',
  label: 'Approval link',
  days: APPROVAL_LINK_DAYS,
  path: approvalPath,
  refusals: { notFound: LINK_NOT_FOUND_MESSAGE, revoked: REVOKED_MESSAGE, expired: EXPIRED_MESSAGE },
  refuseNew: (estimate) => (isOpen(estimate) ? null : ONLY_OPEN_MESSAGE),
  usedUp: (link) =>
    link.accepted_at != null
      ? { opened: ALREADY_ACCEPTED_MESSAGE, revoked: 'The client accepted the estimate with this link; it stays as it was.' }
      : link.declined_at != null
        ? { opened: ALREADY_DECLINED_MESSAGE, revoked: 'The client declined the estimate with this link; it stays as it was.' }
        : null,
  // marked won or lost by staff, revised, deleted
  closed: (estimate) => (estimate && isOpen(estimate) ? null : NO_LONGER_OPEN_MESSAGE),
  present: (row): ApprovalLink => ({
    ...presentLinkBase(row),
    estimate_id: row.estimate_id,
    accepted_at: linkIsoOrNull(row.accepted_at),
    accepted_name: row.accepted_name ?? null,
    accepted_ip: row.accepted_ip ?? null,
    accepted_alternates: Array.isArray(row.accepted_alternates) ? row.accepted_alternates : [],
    declined_at: linkIsoOrNull(row.declined_at),
    declined_name: row.declined_name ?? null,
    declined_reason: row.declined_reason ?? null,
  }),
});

/** The audit's copy of a link: without its hash (nor what the read added to it). */
const audited = (row: Row): Row => {
  const { token_hash: _secret, created_by_name: _name, expired: _expired, ...rest } = row;
  return rest;
};

/** `GET`, `POST /api/estimates/{id}/approval_links`, `POST /api/estimate_approvals/{id}/revoke`. */
export const { list: listApprovalLinks, create: createApprovalLink, revoke: revokeApprovalLink } = approvalLinks;

/** The estimate as printed, read by the system (the client has no account): estimateDocument keeps only what the document shows. */
async function documentOf(db: Db, estimateId: number): Promise<EstimateDocument> {
  return (await readEstimateDocument(await systemCtx(db, 'Approval link'), estimateId)).doc;
}

/** `GET /api/approvals/{token}` (public): the estimate as printed, and when the link expires. */
export const showApproval = (db: Db, token: string) => approvalLinks.open(db, token, (tdb, estimate) => documentOf(tdb, estimate.id));

/** `POST /api/approvals/{token}/accept` (public): the client accepts, in one transaction (see the top). */
export async function acceptApproval({
  db,
  token,
  name,
  alternates,
  ip,
  mail,
}: {
  db: Db;
  token: string;
  name: string;
  alternates: number[];
  ip: string;
  mail?: MailContext;
}) {
  // The client has no account: their acceptance is audited without a user, by their typed name;
  // the note is the link maker's.
  return namedWrite({ db, user: null, actor: approvalLinkActor(name) }, async (w) => {
    const tdb = w.ctx.db;
    const { link, record: estimate } = await approvalLinks.usable(tdb, token, 'both');
    const doc = await documentOf(tdb, estimate.id);
    const offered = new Set(doc.items.filter(hasAlternate).map((i) => i.product_category_id));
    const chosen = [...new Set(alternates)];
    const unknown = chosen.filter((c) => !offered.has(c));
    if (unknown.length) throw invalid({ alternate_categories: ['Choose alternates only among the categories that offer them.'] });
    await sqlRun(tdb, sql`UPDATE estimates SET alternate_categories = ${JSON.stringify(chosen)}::jsonb, updated_at = now() WHERE id = ${estimate.id}`);
    await moveEstimateStatus(w, estimate, 'won', { decidedByClient: true });
    const set = {
      accepted_at: sql`now()`,
      accepted_name: name,
      accepted_ip: ip,
      accepted_alternates: sql`${JSON.stringify(chosen)}::jsonb`,
      updated_at: sql`now()`,
    };
    const after = await w.update(estimate_approvals, link.id, set, { action: 'accept', before: audited(link), shown: audited });
    const acceptedAt = linkIso(after.accepted_at as string);
    const total = documentTotals(doc, chosen).chosen;
    await recordClientDecision(w, mail, estimate, link, {
      note: acceptanceNote(name, acceptedAt, ip),
      decision: { decision: 'accepted', signer: name, at: acceptedAt, total, ...(offered.size > 0 && { alternates: chosenAlternates(doc, chosen) }) },
    });
    return { accepted_at: acceptedAt, accepted_name: name, total };
  });
}

/**
 * `POST /api/approvals/{token}/decline` (public): the client declines, in one transaction as an
 * acceptance: the link records who, when and why; the estimate is marked lost through the status
 * rule (as its client's decision); a note and an email tell the estimator.
 */
export async function declineApproval({ db, token, name, reason, mail }: { db: Db; token: string; name: string; reason: string; mail?: MailContext }) {
  return namedWrite({ db, user: null, actor: approvalLinkActor(name) }, async (w) => {
    const { link, record: estimate } = await approvalLinks.usable(w.ctx.db, token, 'both');
    await moveEstimateStatus(w, estimate, 'lost', { decidedByClient: true });
    const set = { declined_at: sql`now()`, declined_name: name, declined_reason: reason || null, updated_at: sql`now()` };
    const after = await w.update(estimate_approvals, link.id, set, { action: 'decline', before: audited(link), shown: audited });
    const declinedAt = linkIso(after.declined_at as string);
    await recordClientDecision(w, mail, estimate, link, {
      note: declineNote(name, declinedAt, reason),
      decision: { decision: 'declined', signer: name, at: declinedAt, reason },
    });
    return { declined_at: declinedAt, declined_name: name };
  });
}

/**
 * What follows a client's decision by the link, accepted or declined (the link's audit row is its
 * update's): a note on the estimate by the link's maker, and the email to the estimators.
 */
async function recordClientDecision(
  w: RecordWriter,
  mail: MailContext | undefined,
  estimate: StoredRow<'estimates'>,
  link: LinkRow,
  what: { note: string; decision: Decision },
): Promise<void> {
  const db = w.ctx.db;
  await sqlRun(
    db,
    sql`INSERT INTO notes (estimate_id, user_id, internal_only, note, date)
        VALUES (${estimate.id}, ${link.created_by}, true, ${what.note}, current_date)`,
  );
  await notifyEstimators({ db, user: null, mail }, estimate, link, what.decision);
}

export const declineNote = (name: string, at: string, reason: string) => `Declined online by ${name} on ${formatDate(at)}${reason ? `: “${reason}”` : '.'}`;

/** The note that tells the estimator (there is no other notification in the app: the estimate's notes are where they look). */
export const acceptanceNote = (name: string, at: string, ip: string) => `Accepted online by ${name} on ${formatDate(at)} from ${ip}.`;

/**
 * Emails the estimator that the client decided, in the transaction of the decision: whoever made
 * the estimate (its audit's create) and whoever made the link, each once, if still active.
 */
async function notifyEstimators(ctx: Pick<Ctx, 'db' | 'user' | 'mail'>, estimate: StoredRow<'estimates'>, link: LinkRow, what: Decision): Promise<void> {
  const { db } = ctx;
  const recipients = await sqlSelect(
    db,
    { email: 'text' },
    sql`SELECT DISTINCT u.email FROM users u
         WHERE u.active AND u.deleted_at IS NULL
           AND (u.id = ${link.created_by}
                OR u.id = (SELECT a.user_id FROM audit_log a WHERE a.resource = 'estimates' AND a.record_id = ${estimate.id} AND a.action = 'create' ORDER BY a.id LIMIT 1))`,
  );
  if (!recipients.length) return;
  const [client] = await sqlSelect(db, { name: 'text' }, sql`SELECT name FROM clients WHERE id = ${estimate.client_id}`);
  const shop = await shopName(db);
  const label = estimateLabel(estimate);
  const clientName = client?.name ?? 'the client';
  const body = await renderMail(
    createElement(EstimateDecision, {
      shop,
      decision: what.decision,
      estimate: label,
      client: clientName,
      signer: what.signer,
      at: formatDate(what.at),
      total: what.total == null ? undefined : formatMoney(what.total),
      alternates: what.alternates,
      reason: what.reason || undefined,
      url: appLink(ctx.mail ?? NO_MAIL, `/estimates/${estimate.id}`),
    }),
  );
  await enqueueMail(ctx, {
    kind: `estimate_${what.decision}`,
    to: recipients.map((r) => r.email),
    subject: `${clientName} ${what.decision} ${label}`,
    ...body,
    record: { resource: 'estimates', id: estimate.id },
  });
}
