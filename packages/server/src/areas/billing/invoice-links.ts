/**
 * A client's link to an invoice (docs/domain/billing.md, Sending), the estimate approval link's
 * pattern (areas/estimating/estimate-approvals.ts): a random token (32 bytes, base64url) answered
 * once and stored only as its sha256, expiring (60 days unless told) and revocable. The client
 * opens it without an account and reads the invoice as printed and its balance, nothing else; each
 * opening is recorded on the link. A token that names no link is a 404; a link revoked or expired,
 * or whose invoice is void or gone, a 410.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { INVOICE_LINK_DAYS, clientInvoicePath, type InvoiceLink } from '@glazier/shared/actions/billing';
import { sqlRows, type Db, type Row } from '../../db/client.ts';
import { invoice_links } from '../../db/schema.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError, notFound } from '../../engine/errors.ts';
import { changeRecord, namedWrite, type RecordWriter } from '../../engine/named-write.ts';
import { getRow } from '../../engine/read.ts';
import type { StoredRow } from '../../engine/server-resource.ts';
import { readInvoiceDocument } from './invoice-document.ts';

export const LINK_NOT_FOUND_MESSAGE = 'This invoice link is not valid. Check that it was copied whole.';
export const REVOKED_MESSAGE = 'This invoice link was withdrawn. Please ask us for a new one.';
export const EXPIRED_MESSAGE = 'This invoice link has expired. Please ask us for a new one.';
export const VOID_MESSAGE = 'This invoice was cancelled. Please contact us if you have a question.';
export const ONLY_SENT_MESSAGE = 'A draft or void invoice has no client link: send it first.';

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const iso = (v: string | Date): string => new Date(v).toISOString();
const isoOrNull = (v: string | Date | null): string | null => (v == null ? null : iso(v));

type LinkRow = typeof invoice_links.$inferSelect & { created_by_name: string | null };

function presentLink(row: LinkRow): InvoiceLink {
  return {
    id: row.id,
    invoice_id: row.invoice_id,
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    revoked_at: isoOrNull(row.revoked_at),
    last_opened_at: isoOrNull(row.last_opened_at),
    created_by: row.created_by ?? null,
    created_by_name: row.created_by_name ?? null,
  };
}

/** The audit's copy of a link: without its hash. */
const audited = (row: Row): Row => {
  const { token_hash: _secret, ...rest } = row;
  return rest;
};

const linkRows = (db: Db, where: ReturnType<typeof sql>) =>
  sqlRows<LinkRow>(
    db,
    sql`SELECT l.*, u.name AS created_by_name FROM invoice_links l LEFT JOIN users u ON u.id = l.created_by WHERE ${where} ORDER BY l.created_at DESC, l.id DESC`,
  );

export async function listInvoiceLinks(ctx: Ctx, id: number): Promise<InvoiceLink[]> {
  await getRow(ctx, 'invoices', id);
  return (await linkRows(ctx.db, sql`l.invoice_id = ${id}`)).map(presentLink);
}

/** A new link of the invoice (locked by the caller's named write; `sending`: the Send that makes it sent); its token answered this once. */
export async function insertInvoiceLink(w: RecordWriter, invoice: StoredRow<'invoices'>, days?: number, sending = false) {
  if (invoice.status === 'void' || (invoice.status === 'draft' && !sending)) throw new ApiError(409, ONLY_SENT_MESSAGE);
  const token = crypto.randomBytes(32).toString('base64url');
  const made = await w.insert(
    invoice_links,
    {
      invoice_id: invoice.id,
      token_hash: sha256(token),
      expires_at: sql`now() + make_interval(days => ${days ?? INVOICE_LINK_DAYS})`,
      created_by: w.ctx.user?.id ?? null,
    },
    { shown: audited },
  );
  const [row] = await linkRows(w.ctx.db, sql`l.id = ${made.id}`);
  return { link: presentLink(row!), token, path: clientInvoicePath(token) };
}

export async function createInvoiceLink(ctx: Ctx, id: number, days: number | undefined, origin: string) {
  return changeRecord(ctx, { resource: 'invoices', id, action: 'update' }, async (w, invoice) => {
    const { link, token, path } = await insertInvoiceLink(w, invoice, days);
    return { data: link, token, path, url: `${origin}${path}` };
  });
}

export async function revokeInvoiceLink(ctx: Ctx, id: number): Promise<InvoiceLink> {
  return namedWrite(ctx, async (w) => {
    const [link] = await sqlRows<LinkRow>(w.ctx.db, sql`SELECT *, null AS created_by_name FROM invoice_links WHERE id = ${id} FOR UPDATE`);
    if (!link) throw notFound('Invoice link');
    await getRow(w.ctx, 'invoices', link.invoice_id);
    if (link.revoked_at == null) {
      const { created_by_name: _n, ...before } = link;
      await w.update(invoice_links, id, { revoked_at: sql`now()`, updated_at: sql`now()` }, { action: 'revoke', before: audited(before), shown: audited });
    }
    return presentLink((await linkRows(w.ctx.db, sql`l.id = ${id}`))[0]!);
  });
}

/** The public read by the token: the invoice as printed and its balance; the opening recorded on the link. */
export async function showClientInvoice(db: Db, token: string) {
  return namedWrite({ db, user: null, actor: 'Client, by the invoice link' }, async (w) => {
    const [link] = await sqlRows<LinkRow & { expired: boolean }>(
      w.ctx.db,
      sql`SELECT *, expires_at <= now() AS expired FROM invoice_links WHERE token_hash = ${sha256(token)} FOR UPDATE`,
    );
    if (!link) throw new ApiError(404, LINK_NOT_FOUND_MESSAGE);
    if (link.revoked_at != null) throw new ApiError(410, REVOKED_MESSAGE);
    if (link.expired) throw new ApiError(410, EXPIRED_MESSAGE);
    const [invoice] = await sqlRows<{ status: string }>(w.ctx.db, sql`SELECT status FROM invoices WHERE id = ${link.invoice_id} AND deleted_at IS NULL`);
    if (!invoice || invoice.status === 'void') throw new ApiError(410, VOID_MESSAGE);
    const { expired: _e, created_by_name: _n, ...before } = link;
    await w.update(invoice_links, link.id, { last_opened_at: sql`now()` }, { action: 'open', before: audited(before), shown: audited });
    return { data: await readInvoiceDocument(w.ctx.db, link.invoice_id), expires_at: iso(link.expires_at) };
  });
}
