/**
 * Billing's named actions (docs/domain/billing.md): invoices made from a job (final or deposit),
 * Send (the PDF and the client's link through the outbox), Void; payments recorded and voided; the
 * batches exported to the books; the client's link (public, by its token); the receivables' reads
 * (aging, statement of account, billed vs collected by month).
 */
import { z } from 'zod';
import { EXPORT_FORMATS, INVOICE_STATUSES, INVOICE_TERMS, PAYMENT_METHODS } from '../resources/billing.ts';
import { recordRead } from '../resources/read-schema.ts';
import { AGING_BUCKETS } from '../rules/billing/aging.ts';
import { isIsoDate } from '../rules/dates.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';
import { composedMailBody, mailMessageSchema } from './mail.ts';
import { publicLinkAction, recordLinkActions, recordLinkFields } from './record-links.ts';

const VIEW = { action: 'view', area: 'invoices' } as const;
const EDIT = { action: 'edit', area: 'invoices' } as const;
const byId = z.object({ id: ID_PARAM });

const DATE_MESSAGE = 'Must be a date (YYYY-MM-DD).';
const isoDate = z.string({ error: DATE_MESSAGE }).refine(isIsoDate, DATE_MESSAGE);
/** Dollars with at most 2 decimals (the API's money; the server works in whole cents). */
const dollars = (what: string) =>
  z
    .number({ error: `Enter ${what}.` })
    .finite({ error: `Enter ${what}.` })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: `${what[0]!.toUpperCase()}${what.slice(1)} has at most 2 decimals (cents).` });
const reasonBody = z.object({
  reason: z.string({ error: 'Give the reason.' }).trim().min(1, { error: 'Give the reason.' }).max(500, { error: 'The reason is at most 500 characters.' }),
});

const buckets = Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, z.number()])) as Record<(typeof AGING_BUCKETS)[number] | 'total', z.ZodNumber>;

export const invoiceAging = defineAction({
  name: 'invoices.aging',
  summary:
    'Accounts receivable aging on a day (default today): each client with an open balance, by days past due (current, 1–30, 31–60, 61–90, over 90), and the totals.',
  method: 'GET',
  path: '/api/invoices/aging',
  query: z.object({ as_of: z.string().refine(isIsoDate, 'Must be a date (YYYY-MM-DD).').optional() }),
  answer: z.object({
    data: z.object({
      as_of: z.string(),
      rows: z.array(z.object({ client_id: z.number().int(), client_name: z.string(), ...buckets })),
      totals: z.object(buckets),
    }),
  }),
  permission: VIEW,
});

/** What an invoice made from a job may say besides its job (the rest defaults as a generic create's). */
const invoiceHead = {
  job_id: z.number({ error: 'Choose the job.' }).int().positive({ error: 'Choose the job.' }),
  issue_date: isoDate.optional(),
  terms: z.enum(INVOICE_TERMS, { error: `Must be one of: ${INVOICE_TERMS.join(', ')}.` }).optional(),
  terms_days: z.number().int().min(0).max(365).optional(),
  memo: z.string().max(4000, { error: 'The memo is at most 4000 characters.' }).optional(),
};

export const invoiceFromJob = defineAction({
  name: 'invoices.from_job',
  summary:
    "Makes a job's final invoice, a draft: a line per job product at its revenue, the trip charge and the additional revenues; the deposits paid on the job's deposit invoices are shown and subtracted (refused if they are more than its total).",
  method: 'POST',
  path: '/api/invoices/from_job',
  body: z.object(invoiceHead),
  answer: z.object({ data: recordRead('invoices') }),
  permission: EDIT,
  status: 201,
});

export const depositInvoice = defineAction({
  name: 'invoices.deposit',
  summary:
    "Makes a deposit invoice of a job, or of a won estimate before its job is made (the job takes it when made from the estimate), a draft: one untaxed line for a percentage of the job's (or the estimate's) total or an amount; the deposits together never ask for more than that total.",
  method: 'POST',
  path: '/api/invoices/deposit',
  body: z
    .object({
      ...invoiceHead,
      estimate_id: z.number({ error: 'Choose the estimate.' }).int().positive({ error: 'Choose the estimate.' }),
      percent: z.number({ error: 'Enter a percent.' }).gt(0, { error: 'A deposit is a percent more than 0 and at most 100.' }).max(100, {
        error: 'A deposit is a percent more than 0 and at most 100.',
      }),
      amount: dollars('an amount').refine((n) => n > 0, { error: 'A deposit is an amount more than $0.00.' }),
    })
    .partial({ job_id: true, estimate_id: true, percent: true, amount: true })
    .superRefine((b, ctx) => {
      if ((b.job_id == null) === (b.estimate_id == null)) ctx.addIssue({ code: 'custom', message: 'Choose the job or the won estimate.', path: ['job_id'] });
      if ((b.percent == null) === (b.amount == null)) ctx.addIssue({ code: 'custom', message: 'Give either a percent or an amount.', path: ['percent'] });
    }),
  answer: z.object({ data: recordRead('invoices') }),
  permission: EDIT,
  status: 201,
});

/** How long a client's invoice link is valid by default, and at most (days). */
export const INVOICE_LINK_DAYS = 60;
export const INVOICE_LINK_MAX_DAYS = 365;

export const invoiceLinkSchema = z
  .object({ ...recordLinkFields('invoice_id'), last_opened_at: z.string().nullable() })
  .meta({ id: 'invoice_link', description: "A client's link to an invoice (its token is never answered again)." });
export type InvoiceLink = z.output<typeof invoiceLinkSchema>;

export const sendInvoice = defineAction({
  name: 'invoices.send',
  summary:
    'Emails the invoice to the client: the PDF attached and a new link to view it without signing in, with the sender’s message; a draft becomes sent (sent again keeps its status). 409 for a void invoice or one without lines.',
  method: 'POST',
  path: '/api/invoices/:id/send',
  params: byId,
  body: composedMailBody,
  answer: z.object({ data: recordRead('invoices'), mail: mailMessageSchema }),
  permission: EDIT,
});

export const invoicePdf = defineAction({
  name: 'invoices.pdf',
  summary: 'The invoice as a PDF document: header, bill-to, lines, tax, deposits, total, balance due, terms.',
  method: 'GET',
  path: '/api/invoices/:id/pdf',
  params: byId,
  answer: z.string(),
  permission: VIEW,
  download: 'application/pdf',
});

export const voidInvoiceAction = defineAction({
  name: 'invoices.void',
  summary:
    'Voids an invoice with a reason; it keeps its number and bills nothing. Refused for a paid invoice, and for a partly paid one until its payments are voided (the refusal names them).',
  method: 'POST',
  path: '/api/invoices/:id/void',
  params: byId,
  body: reasonBody,
  answer: z.object({ data: recordRead('invoices') }),
  permission: EDIT,
});

const invoiceLinkActions = recordLinkActions({
  area: 'invoices',
  link: invoiceLinkSchema,
  maxDays: INVOICE_LINK_MAX_DAYS,
  list: {
    name: 'invoices.links',
    path: '/api/invoices/:id/links',
    summary: "An invoice's client links, newest first: when made and by whom, when they expire, whether revoked, when last opened.",
  },
  create: {
    name: 'invoices.create_link',
    path: '/api/invoices/:id/links',
    summary:
      'Makes a link for the client to view a sent invoice and its balance without an account: a random token, stored hashed, answered this once (with the URL), valid for `days` (default 60).',
  },
  revoke: { name: 'invoice_links.revoke', path: '/api/invoice_links/:id/revoke', summary: 'Revokes a client’s invoice link: it no longer opens.' },
});
export const listInvoiceLinks = invoiceLinkActions.list;
export const createInvoiceLink = invoiceLinkActions.create;
export const revokeInvoiceLink = invoiceLinkActions.revoke;

const moneyOut = z.number();
/** The invoice as printed (the PDF's content), as the client's link answers it. */
export const invoiceDocumentSchema = z
  .object({
    company: z.object({ name: z.string(), details: z.string(), terms: z.string() }),
    invoice: z.object({
      number: z.number().int(),
      kind: z.string(),
      status: z.enum(INVOICE_STATUSES),
      issue_date: z.string().nullable(),
      due_date: z.string().nullable(),
      terms: z.string(),
      bill_to: z.string().nullable(),
      client_name: z.string().nullable(),
      job_number: z.string().nullable(),
      job_name: z.string().nullable(),
      memo: z.string().nullable(),
    }),
    lines: z.array(z.object({ description: z.string(), qty: z.number(), rate: moneyOut, amount: moneyOut, taxable: z.boolean() })),
    subtotal: moneyOut,
    taxes: z.array(z.object({ name: z.string(), percent: z.number(), amount: moneyOut })),
    tax: moneyOut,
    total: moneyOut,
    deposits: z.array(z.object({ number: z.number().int(), amount: moneyOut })),
    deposits_applied: moneyOut,
    paid: moneyOut,
    balance: moneyOut,
  })
  .meta({
    id: 'invoice_document',
    description: 'An invoice as printed: the company, the bill-to, the lines, the tax, the deposits, the total and the balance due.',
  });
export type InvoiceDocument = z.output<typeof invoiceDocumentSchema>;

/** Where the client opens an invoice link's token: the web app's public page (the link in the mail points there). */
export const clientInvoicePath = (token: string) => `/invoice-view/${token}`;

export const showClientInvoice = publicLinkAction({
  name: 'client_invoices.show',
  summary:
    "Public, by the link's token: the invoice as printed and its balance, and when the link expires. 404 for a token that names no link, 410 for a link revoked or expired, or an invoice voided.",
  path: '/api/client_invoices/:token',
  document: invoiceDocumentSchema,
});

export const recordPayment = defineAction({
  name: 'payments.record',
  summary:
    "Records a client's payment: to the invoices and shares given, or with none given over the client's open invoices oldest due first. A payment more than what is open is refused (no credit is kept); each invoice's status follows.",
  method: 'POST',
  path: '/api/payments/record',
  body: z.object({
    client_id: z.number({ error: 'Choose the client.' }).int().positive({ error: 'Choose the client.' }),
    payment_date: isoDate,
    amount: dollars('the amount').refine((n) => n > 0, { error: 'A payment is an amount more than $0.00.' }),
    method: z.enum(PAYMENT_METHODS, { error: `Must be one of: ${PAYMENT_METHODS.join(', ')}.` }),
    check_number: z.string().trim().max(50, { error: 'The check number is at most 50 characters.' }).optional(),
    reference: z.string().trim().max(255, { error: 'The reference is at most 255 characters.' }).optional(),
    note: z.string().max(2000, { error: 'The note is at most 2000 characters.' }).optional(),
    allocations: z
      .array(
        z.object({
          invoice_id: z.number().int().positive(),
          amount: dollars('the share').refine((n) => n > 0, { error: 'A share is more than $0.00.' }),
        }),
      )
      .max(500)
      .optional()
      .meta({ description: 'The invoices and the share of each; none: oldest due first over the client’s open invoices.' }),
  }),
  answer: z.object({ data: recordRead('payments') }),
  permission: EDIT,
  status: 201,
});

export const voidPaymentAction = defineAction({
  name: 'payments.void',
  summary: 'Voids a payment with a reason: its allocations stay as history, its money no longer counts, and its invoices’ statuses follow.',
  method: 'POST',
  path: '/api/payments/:id/void',
  params: byId,
  body: reasonBody,
  answer: z.object({ data: recordRead('payments') }),
  permission: EDIT,
});

export const createInvoiceExport = defineAction({
  name: 'invoice_exports.create',
  summary:
    'Exports to the books (QuickBooks Online or Xero) every invoice no batch took yet (sent, partly paid or paid; not drafts, not void): the batch records which it held and each is marked exported. 409 when there is none.',
  method: 'POST',
  path: '/api/invoice_exports/batch',
  body: z.object({ format: z.enum(EXPORT_FORMATS, { error: `Must be one of: ${EXPORT_FORMATS.join(', ')}.` }) }),
  answer: z.object({ data: recordRead('invoice_exports') }),
  permission: EDIT,
  status: 201,
});

export const invoiceExportCsv = defineAction({
  name: 'invoice_exports.csv',
  summary:
    "An export batch as the CSV file its accounting program imports (again, the same invoices); `format` gives the same invoices in the other program's file (a shop moving from one to the other, or keeping both).",
  method: 'GET',
  path: '/api/invoice_exports/:id/csv',
  params: byId,
  query: z.object({ format: z.enum(EXPORT_FORMATS, { error: `Must be one of: ${EXPORT_FORMATS.join(', ')}.` }).optional() }),
  answer: z.string(),
  permission: VIEW,
  download: 'text/csv',
});

const rangeQuery = z.object({ start: isoDate, end: isoDate }).refine((r) => r.end >= r.start, { error: 'The end cannot be before the start.', path: ['end'] });

export const clientStatement = defineAction({
  name: 'clients.statement',
  summary:
    "A client's statement of account for a date range as a PDF: the balance brought forward, each invoice and payment in the range, and the invoices still open with their balances.",
  method: 'GET',
  path: '/api/clients/:id/statement',
  params: byId,
  // `inline=1`: shown in the browser (the screen's Preview) rather than saved
  query: z
    .object({ start: isoDate, end: isoDate, inline: z.enum(['1']).optional() })
    .refine((r) => r.end >= r.start, { error: 'The end cannot be before the start.', path: ['end'] }),
  answer: z.string(),
  permission: VIEW,
  download: 'application/pdf',
});

export const sendClientStatement = defineAction({
  name: 'clients.send_statement',
  summary:
    "Emails the client's statement of account for a date range through the outbox: the PDF attached (as the statement call makes it), with the sender's message.",
  method: 'POST',
  path: '/api/clients/:id/statement/send',
  params: byId,
  body: composedMailBody
    .extend({ start: isoDate, end: isoDate })
    .refine((r) => r.end >= r.start, { error: 'The end cannot be before the start.', path: ['end'] }),
  answer: z.object({ mail: mailMessageSchema }),
  permission: EDIT,
});

export const billedCollected = defineAction({
  name: 'invoices.billed_collected',
  summary:
    'Billed vs collected by month in a date range: the totals of the invoices issued (not drafts, not void) and the payments received (not voided) in each month.',
  method: 'GET',
  path: '/api/invoices/billed_collected',
  query: rangeQuery,
  answer: z.object({
    data: z.object({
      months: z.array(z.object({ month: z.string(), billed: z.number(), collected: z.number() })),
      totals: z.object({ billed: z.number(), collected: z.number() }),
    }),
  }),
  permission: VIEW,
});

export const BILLING_ACTIONS = actionMap({
  'invoices.aging': invoiceAging,
  'invoices.from_job': invoiceFromJob,
  'invoices.deposit': depositInvoice,
  'invoices.send': sendInvoice,
  'invoices.pdf': invoicePdf,
  'invoices.void': voidInvoiceAction,
  'invoices.links': listInvoiceLinks,
  'invoices.create_link': createInvoiceLink,
  'invoice_links.revoke': revokeInvoiceLink,
  'client_invoices.show': showClientInvoice,
  'payments.record': recordPayment,
  'payments.void': voidPaymentAction,
  'invoice_exports.create': createInvoiceExport,
  'invoice_exports.csv': invoiceExportCsv,
  'clients.statement': clientStatement,
  'clients.send_statement': sendClientStatement,
  'invoices.billed_collected': billedCollected,
});
