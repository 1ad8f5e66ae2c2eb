/**
 * A record link (shared/actions/record-links.ts): a secret link by which someone without an account
 * opens one record, an estimate to approve or an invoice to view. A kind of link is declared once
 * (`RecordLinkKind`: its table, the record it names, how long it lasts, when the record may have
 * one and when it no longer opens), and this file does the rest for every kind alike:
 *
 * - the token: 32 random bytes (bearer-tokens.ts), answered once and kept only as its sha-256;
 * - make, in the named write of the record (which locked it), valid `days` (the kind's default);
 * - list a record's links (as the caller may read the record: 404 as its get would answer);
 * - revoke (twice changes nothing), its audit row by the caller;
 * - open by the token: 404 for a token that names no link; 410 for one used (the kind says when),
 *   revoked or expired (by the database's clock), or whose record no longer opens (the kind says
 *   when; deleted); for a kind that records it, the opening on the link, audited as `opener`.
 *
 * Each kind keeps its own table (an approval records the client's answer, an invoice link its last
 * opening): the kinds share this code, not a table. The audit's copy of a link never has its hash.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { Db, Row } from '../db/client.ts';
import type { AnyTable } from '../db/schema.ts';
import { sqlSelect, tableShape } from '../db/typed-sql.ts';
import type { Ctx } from '../engine/context.ts';
import { ApiError, notFound } from '../engine/errors.ts';
import { storedRows } from '../engine/lookup.ts';
import { changeRecord, namedWrite, type RecordWriter } from '../engine/named-write.ts';
import { getRow } from '../engine/read.ts';
import type { StoredRow } from '../engine/server-resource.ts';
import { newBearerToken, tokenHash } from './bearer-tokens.ts';

/** The columns every kind's table has (timestamps as the drivers answer them, driver-types.ts). */
interface LinkColumns {
  id: number;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** A kind's table: one per kind, with the columns above and the one naming the record. */
type LinkTable = AnyTable & { $inferSelect: LinkColumns };

/** A stored link of a kind (timestamps as the drivers answer them), with the name of its maker and whether it has expired. */
export type LinkRowOf<T extends LinkTable> = T['$inferSelect'] & { created_by_name: string | null; expired: boolean };

export interface RecordLinkKind<R extends ResourceName, T extends LinkTable, A> {
  /** The record the link opens. */
  resource: R;
  /** The kind's own table, and its column that names the record (`invoice_id`). */
  table: T;
  recordColumn: keyof T['$inferSelect'] & string;
  /** What a revoke of an unknown link id answers (404): `Invoice link`. */
  label: string;
  /** How long a link is valid unless told (days). */
  days: number;
  /** Where the public opens a token (the web's public route). */
  path: (token: string) => string;
  /** What the public read answers when the token names no link (404), or a link revoked or expired (410). */
  refusals: { notFound: string; revoked: string; expired: string };
  /** Why the record may not have a new link now (409), or null; `sending`: made by the Send that moves it on. */
  refuseNew: (record: StoredRow<R>, sending: boolean) => string | null;
  /** Why a link was used up (an approval answered), as its opening (410) and its revoke (409) say it; or null. */
  usedUp?: (link: LinkRowOf<T>) => { opened: string; revoked: string } | null;
  /** Why the record (undefined: deleted) no longer opens by its links (410), or null. */
  closed: (record: StoredRow<R> | undefined) => string | null;
  /** When opening a link is recorded on it (its `last_opened_at`): who the audit names. */
  opener?: string;
  /** A link as staff see it: never its hash. */
  present: (row: LinkRowOf<T>) => A;
}

/** A timestamp as the API answers it. */
export const linkIso = (v: string | Date): string => new Date(v).toISOString();
export const linkIsoOrNull = (v: string | Date | null): string | null => (v == null ? null : linkIso(v));

/** The audit's copy of a link: without its hash. */
const audited = (row: Row): Row => {
  const { token_hash: _secret, created_by_name: _name, expired: _expired, ...rest } = row;
  return rest;
};

/** What every kind answers of a link (the kind adds its own fields). */
export function presentLinkBase<T extends LinkTable>(row: LinkRowOf<T>) {
  return {
    id: row.id,
    created_at: linkIso(row.created_at),
    expires_at: linkIso(row.expires_at),
    revoked_at: linkIsoOrNull(row.revoked_at),
    created_by: row.created_by ?? null,
    created_by_name: row.created_by_name ?? null,
  };
}

/** The calls of one kind of link, from its declaration. */
export function recordLinks<R extends ResourceName, T extends LinkTable, A>(kind: RecordLinkKind<R, T, A>) {
  const { table } = kind;
  const shape = tableShape(table);
  const recordColumn = sql.identifier(kind.recordColumn);
  const linkRows = (db: Db, where: SQL, lock = false) =>
    sqlSelect(
      db,
      { ...shape, created_by_name: 'text?', expired: 'bool' },
      sql`SELECT l.*, u.name AS created_by_name, l.expires_at <= now() AS expired FROM ${table} l LEFT JOIN users u ON u.id = l.created_by WHERE ${where} ORDER BY l.created_at DESC, l.id DESC${lock ? sql` FOR UPDATE OF l` : sql``}`,
    ) as Promise<LinkRowOf<T>[]>;
  const recordIdOf = (link: LinkRowOf<T>): number => (link as Row)[kind.recordColumn] as number;

  /** A new link of `record` (locked by the caller's named write); its token answered this once. */
  async function insert(w: RecordWriter, record: StoredRow<R>, { days, sending = false }: { days?: number; sending?: boolean } = {}) {
    const refused = kind.refuseNew(record, sending);
    if (refused) throw new ApiError(409, refused);
    const { token, hash } = newBearerToken();
    const values = {
      [kind.recordColumn]: (record as { id: number }).id,
      token_hash: hash,
      expires_at: sql`now() + make_interval(days => ${days ?? kind.days})`,
      created_by: w.ctx.user?.id ?? null,
    };
    const made = await w.insert(table, values, { shown: audited });
    const [row] = await linkRows(w.ctx.db, sql`l.id = ${made.id}`);
    return { link: kind.present(row!), token, path: kind.path(token) };
  }

  /**
   * The public's link by its token, or the refusal (see the top), and its record as it stands;
   * `lock`: the link (to record on it), or the record too (to change it).
   */
  async function usable(db: Db, token: string, lock: 'none' | 'link' | 'both') {
    const [link] = await linkRows(db, sql`l.token_hash = ${tokenHash(token)}`, lock !== 'none');
    if (!link) throw new ApiError(404, kind.refusals.notFound);
    const used = kind.usedUp?.(link);
    if (used) throw new ApiError(410, used.opened);
    if (link.revoked_at != null) throw new ApiError(410, kind.refusals.revoked);
    if (link.expired) throw new ApiError(410, kind.refusals.expired);
    const [record] = await storedRows(db, kind.resource, (t) => ({
      where: sql`${t.id} = ${recordIdOf(link)} AND ${t.deleted_at} IS NULL`,
      forUpdate: lock === 'both',
    }));
    const closed = kind.closed(record);
    if (closed || !record) throw new ApiError(410, closed ?? kind.refusals.revoked);
    return { link, record };
  }

  return {
    insert,
    usable,

    /** A record's links, newest first (404 as a get of the record would answer). */
    async list(ctx: Ctx, recordId: number): Promise<A[]> {
      await getRow(ctx, kind.resource, recordId);
      return (await linkRows(ctx.db, sql`l.${recordColumn} = ${recordId}`)).map(kind.present);
    },

    /** A new link of the record, in its named write; `origin`: the app as the caller reached it. */
    create(ctx: Ctx, recordId: number, days: number | undefined, origin: string) {
      return changeRecord(ctx, { resource: kind.resource, id: recordId, action: 'update' }, async (w, record) => {
        const { link, token, path } = await insert(w, record as StoredRow<R>, { days });
        return { data: link, token, path, url: `${origin}${path}` };
      });
    },

    /** The link no longer opens; revoking twice changes nothing. */
    revoke(ctx: Ctx, id: number): Promise<A> {
      return namedWrite(ctx, async (w) => {
        const [link] = await linkRows(w.ctx.db, sql`l.id = ${id}`, true);
        if (!link) throw notFound(kind.label);
        await getRow(w.ctx, kind.resource, recordIdOf(link)); // the caller may see its record (scope), else 404
        const used = kind.usedUp?.(link);
        if (used) throw new ApiError(409, used.revoked);
        if (link.revoked_at == null) {
          await w.update(table, id, { revoked_at: sql`now()`, updated_at: sql`now()` }, { action: 'revoke', before: audited(link), shown: audited });
        }
        return kind.present((await linkRows(w.ctx.db, sql`l.id = ${id}`))[0]!);
      });
    },

    /**
     * The public read by the token: `read` gives what the link shows of its record; the opening
     * recorded on the link when the kind keeps it.
     */
    async open<D>(db: Db, token: string, read: (db: Db, record: StoredRow<R>) => Promise<D>): Promise<{ data: D; expires_at: string }> {
      if (!kind.opener) {
        const { link, record } = await usable(db, token, 'none');
        return { data: await read(db, record), expires_at: linkIso(link.expires_at) };
      }
      return namedWrite({ db, user: null, actor: kind.opener }, async (w) => {
        const { link, record } = await usable(w.ctx.db, token, 'link');
        await w.update(table, link.id, { last_opened_at: sql`now()` }, { action: 'open', before: audited(link), shown: audited });
        return { data: await read(w.ctx.db, record), expires_at: linkIso(link.expires_at) };
      });
    },
  };
}
