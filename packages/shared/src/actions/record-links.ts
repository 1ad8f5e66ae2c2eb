/**
 * A record link: a secret link that lets someone without an account (a client) open one record
 * (an estimate to approve, an invoice to view). Each kind is declared once with `recordLinkActions`,
 * which gives the staff's three calls (list a record's links, make one, revoke one) and the public
 * read by the token; the server's half is platform/record-links.ts, the web's resource-kit/links/.
 * Every kind's link carries the same fields (when made and by whom, when it expires, whether
 * revoked), plus what the kind records of its own (an approval's answer, an invoice's last opening).
 */
import { z } from 'zod';
import type { Area } from '../permissions.ts';
import { ID_PARAM, defineAction } from './define.ts';

const byId = z.object({ id: ID_PARAM });

/** The token in a public path: base64url, as made (crypto, 32 bytes). A path of any other shape names nothing (404). */
export const linkToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,100}$/) });

/** The public calls' limit per address: enough for a client reading and answering, too few to guess tokens. */
export const PUBLIC_LINK_LIMIT = { max: 20, timeWindow: '1 minute' };

/** The fields every kind's link has as staff see it (its token is shown once, when made; its hash never). */
export function recordLinkFields<const K extends string>(recordKey: K) {
  return {
    id: z.number().int(),
    ...({ [recordKey]: z.number().int() } as { [P in K]: z.ZodNumber }),
    created_at: z.string(),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
    created_by: z.number().int().nullable(),
    created_by_name: z.string().nullable(),
  };
}

/** What every kind's link has, as the kit's section reads it. */
export interface RecordLinkBase {
  id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  created_by_name: string | null;
}

interface Call<N extends string> {
  name: N;
  path: string;
  summary: string;
}

/**
 * The staff's calls of a kind of link: list (the area's view right), create for `days` (at most
 * `maxDays`; the server's kind has the default) and revoke (its edit right), each answering `link`.
 */
export function recordLinkActions<const L extends string, const C extends string, const R extends string, S extends z.ZodType>(kind: {
  area: Area;
  link: S;
  maxDays: number;
  list: Call<L>;
  create: Call<C>;
  revoke: Call<R>;
}) {
  const view = { action: 'view', area: kind.area } as const;
  const edit = { action: 'edit', area: kind.area } as const;
  return {
    list: defineAction({
      name: kind.list.name,
      summary: kind.list.summary,
      method: 'GET',
      path: kind.list.path,
      params: byId,
      answer: z.object({ data: z.array(kind.link) }),
      permission: view,
    }),
    create: defineAction({
      name: kind.create.name,
      summary: kind.create.summary,
      method: 'POST',
      path: kind.create.path,
      params: byId,
      body: z.object({
        days: z
          .number({ error: 'Enter a number of days.' })
          .int({ error: 'Enter a whole number of days.' })
          .min(1, { error: 'A link is valid for at least 1 day.' })
          .max(kind.maxDays, { error: `A link is valid for at most ${kind.maxDays} days.` })
          .optional(),
      }),
      answer: z.object({ data: kind.link, token: z.string(), path: z.string(), url: z.string() }),
      permission: edit,
      status: 201,
    }),
    revoke: defineAction({
      name: kind.revoke.name,
      summary: kind.revoke.summary,
      method: 'POST',
      path: kind.revoke.path,
      params: byId,
      answer: z.object({ data: kind.link }),
      permission: edit,
    }),
  };
}

/** The public read of a kind of link, by its token: what the link shows (`document`) and when the link expires. */
export function publicLinkAction<const N extends string, S extends z.ZodType>(call: Call<N> & { document: S }) {
  return defineAction({
    name: call.name,
    summary: call.summary,
    method: 'GET',
    path: call.path,
    params: linkToken,
    answer: z.object({ data: call.document, expires_at: z.string() }),
    permission: 'public',
    rateLimit: PUBLIC_LINK_LIMIT,
  });
}
