/**
 * Estimating's named actions (docs/domain/estimating.md): status, items from the takeoff, convert to a
 * job, revise; and the client's approval links: staff list, create and revoke them, and the
 * client, without an account, reads the estimate by the link's token and accepts it.
 */
import { z } from 'zod';
import { ESTIMATE_STATUSES } from '../resources/estimating.ts';
import { recordRead } from '../resources/read-schema.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';
import { composedMailBody, mailMessageSchema } from './mail.ts';
import { PUBLIC_LINK_LIMIT, linkToken, publicLinkAction, recordLinkActions, recordLinkFields } from './record-links.ts';

const byId = z.object({ id: ID_PARAM });
const EDIT = { action: 'edit', area: 'estimates' } as const;

export const setEstimateStatus = defineAction({
  name: 'estimates.status',
  summary: "Moves an estimate's status by its rule: draft → open (Finalize), open → draft, and among open, won and lost (needs edit estimates_admin).",
  method: 'POST',
  path: '/api/estimates/:id/status',
  params: byId,
  body: z.object({ status: z.enum(ESTIMATE_STATUSES, { error: `Must be one of: ${ESTIMATE_STATUSES.join(', ')}.` }) }),
  answer: z.object({ data: recordRead('estimates') }),
  permission: EDIT,
});

export const estimateItemsFromTakeoff = defineAction({
  name: 'estimates.items_from_takeoff',
  summary:
    "One estimate item per takeoff option with a calculated qty: made, or its qty brought up to date (amounts typed over are kept); a line of the option's product added by hand becomes the option's (matched) instead of a second one.",
  method: 'POST',
  path: '/api/estimates/:id/items_from_takeoff',
  params: byId,
  answer: z.object({ data: recordRead('estimates'), created: z.number().int(), updated: z.number().int(), matched: z.number().int() }),
  permission: EDIT,
});

export const convertEstimate = defineAction({
  name: 'estimates.convert',
  summary:
    "Makes the job of a won estimate (its client, number, name, address, dates, scopes and products from the items), once: converting again answers the same job. The job's number is `job_number` when given, else the estimate's, else the numbering rule's next (YY-NNNN); the estimate keeps it.",
  method: 'POST',
  path: '/api/estimates/:id/convert',
  params: byId,
  body: z
    .object({
      job_number: z.string({ error: 'Enter the job number.' }).trim().max(50, { error: 'The job number is at most 50 characters.' }).optional(),
    })
    .default({}),
  answer: z.object({ data: recordRead('jobs') }),
  permission: EDIT,
});

export const proposedJobNumber = defineAction({
  name: 'estimates.job_number',
  summary: "The number a won estimate's job would get: the estimate's job number, else the numbering rule's next (YY-NNNN, after the year's highest).",
  method: 'GET',
  path: '/api/estimates/:id/job_number',
  params: byId,
  answer: z.object({ data: z.object({ number: z.string() }) }),
  permission: EDIT,
});

export const reviseEstimate = defineAction({
  name: 'estimates.revise',
  summary:
    'Copies the latest revision of an estimate (items, category notes, takeoff) as the next revision, a draft; the one it was made from is kept as it was.',
  method: 'POST',
  path: '/api/estimates/:id/revise',
  params: byId,
  answer: z.object({ data: recordRead('estimates') }),
  permission: EDIT,
  status: 201,
});

/** How long an approval link is valid by default, and at most (days). */
export const APPROVAL_LINK_DAYS = 14;
export const APPROVAL_LINK_MAX_DAYS = 90;

/** An approval link as staff see it (its token is shown once, when made; its hash never). */
export const approvalLinkSchema = z
  .object({
    ...recordLinkFields('estimate_id'),
    accepted_at: z.string().nullable(),
    accepted_name: z.string().nullable(),
    accepted_ip: z.string().nullable(),
    accepted_alternates: z.array(z.number().int()),
    declined_at: z.string().nullable(),
    declined_name: z.string().nullable(),
    declined_reason: z.string().nullable(),
  })
  .meta({ id: 'estimate_approval_link', description: "A client's approval link of an estimate (its token is never answered again)." });
export type ApprovalLink = z.output<typeof approvalLinkSchema>;

const money = z.number().nullable();
/** The estimate as printed (shared/rules/estimating/estimate-document.ts), as the approval link answers it. */
export const estimateDocumentSchema = z
  .object({
    company: z.object({ name: z.string(), details: z.string(), terms: z.string() }),
    estimate: z.object({
      name: z.string(),
      date: z.string().nullable(),
      job_address: z.string().nullable(),
      client_name: z.string().nullable(),
      contact_name: z.string().nullable(),
      total: money,
      alternate_categories: z.array(z.number().int()),
    }),
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), sort: z.number().nullable() })),
    category_notes: z.array(z.object({ product_category_id: z.number().int(), note: z.string().nullable() })),
    items: z.array(
      z.object({
        product_category_id: z.number().int().nullable(),
        description: z.string().nullable(),
        product_name: z.string().nullable(),
        qty: z.number().nullable(),
        amount: money.optional(),
        alternate_product_id: z.number().int().nullable(),
        alternate_product_name: z.string().nullable(),
        alternate_description: z.string().nullable(),
        alternate_amount: money.optional(),
      }),
    ),
  })
  .meta({
    id: 'estimate_document',
    description: 'An estimate as printed: the company, the client, the job, the items by category with their alternates, the terms.',
  });

const approvalLinkActions = recordLinkActions({
  area: 'estimates',
  link: approvalLinkSchema,
  maxDays: APPROVAL_LINK_MAX_DAYS,
  list: {
    name: 'estimates.approval_links',
    path: '/api/estimates/:id/approval_links',
    summary:
      "An estimate's approval links, newest first: when made and by whom, when they expire, and whether revoked or accepted (by whom, when, from where, with which alternates).",
  },
  create: {
    name: 'estimates.create_approval_link',
    path: '/api/estimates/:id/approval_links',
    summary:
      'Makes a link for the client to see and accept an open estimate without an account: a random token, stored hashed, answered this once (with the URL), valid for `days` (default 14).',
  },
  revoke: {
    name: 'estimate_approvals.revoke',
    path: '/api/estimate_approvals/:id/revoke',
    summary: 'Revokes an approval link: the client can no longer open or accept it (an accepted link stays as it was).',
  },
});
export const listApprovalLinks = approvalLinkActions.list;
export const createApprovalLink = approvalLinkActions.create;
export const revokeApprovalLink = approvalLinkActions.revoke;

export const showApproval = publicLinkAction({
  name: 'approvals.show',
  summary:
    "Public, by the link's token: the estimate as printed, and when the link expires. 404 for a token that names no link, 410 for a link used, revoked or expired.",
  path: '/api/approvals/:token',
  document: estimateDocumentSchema,
});

const signerName = (what: string) =>
  z
    .string({ error: `Type your name to ${what}.` })
    .trim()
    .min(1, { error: `Type your name to ${what}.` })
    .max(200, { error: 'The name is at most 200 characters.' });

export const acceptApproval = defineAction({
  name: 'approvals.accept',
  summary:
    "Public, by the link's token: the client accepts the estimate with a typed name and their choice of alternates; it is marked won, and a note tells the estimator. 410 once used, revoked or expired.",
  method: 'POST',
  path: '/api/approvals/:token/accept',
  params: linkToken,
  body: z.object({
    name: signerName('accept'),
    alternate_categories: z.array(z.number().int().positive(), { error: 'The choice of alternates must be a list of categories.' }).max(200).default([]),
  }),
  answer: z.object({ accepted_at: z.string(), accepted_name: z.string(), total: money }),
  permission: 'public',
  rateLimit: PUBLIC_LINK_LIMIT,
});

export const declineApproval = defineAction({
  name: 'approvals.decline',
  summary:
    "Public, by the link's token: the client declines the estimate with a typed name and, if they wish, a reason; it is marked lost, and the estimator is told (a note and an email). 410 once used, revoked or expired.",
  method: 'POST',
  path: '/api/approvals/:token/decline',
  params: linkToken,
  body: z.object({
    name: signerName('decline'),
    reason: z.string().trim().max(2000, { error: 'The reason is at most 2000 characters.' }).default(''),
  }),
  answer: z.object({ declined_at: z.string(), declined_name: z.string() }),
  permission: 'public',
  rateLimit: PUBLIC_LINK_LIMIT,
});

export const sendEstimate = defineAction({
  name: 'estimates.send',
  summary:
    'Emails an open estimate to the client: a new approval link and the estimate PDF attached, with the sender’s message; the estimate records when and to whom (its Sent line and history). 409 unless open.',
  method: 'POST',
  path: '/api/estimates/:id/send',
  params: byId,
  body: composedMailBody,
  answer: z.object({ data: recordRead('estimates'), mail: mailMessageSchema }),
  permission: EDIT,
});

/**
 * The estimate as a PDF made on the server (any status; the print page's content, with page numbers
 * and each table's header on every page). Its amounts only for a reader with `edit estimates_admin`,
 * as the print page; the file an email to the client attaches is the same.
 */
export const estimatePdf = defineAction({
  name: 'estimates.pdf',
  summary: 'The estimate as a PDF document (amounts only with edit estimates_admin).',
  method: 'GET',
  path: '/api/estimates/:id/pdf',
  params: byId,
  answer: z.string(),
  permission: { action: 'view', area: 'estimates' },
  download: 'application/pdf',
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const ESTIMATING_ACTIONS = actionMap({
  'estimates.status': setEstimateStatus,
  'estimates.items_from_takeoff': estimateItemsFromTakeoff,
  'estimates.convert': convertEstimate,
  'estimates.job_number': proposedJobNumber,
  'estimates.revise': reviseEstimate,
  'estimates.pdf': estimatePdf,
  'estimates.approval_links': listApprovalLinks,
  'estimates.create_approval_link': createApprovalLink,
  'estimate_approvals.revoke': revokeApprovalLink,
  'approvals.show': showApproval,
  'approvals.accept': acceptApproval,
  'approvals.decline': declineApproval,
  'estimates.send': sendEstimate,
});
