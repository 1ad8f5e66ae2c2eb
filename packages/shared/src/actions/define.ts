/**
 * A named action's contract (docs/architecture.md, How to add…: a named action): its method and path, the zod schemas
 * of its path parameters, query, body and answer, and the right it needs. The server registers
 * its route from this (http/action-routes.ts), the web calls it by it (resource-kit/http/actions.ts),
 * and the OpenAPI document describes it (http/openapi.ts): one declaration, three uses.
 *
 *   export const sendPurchaseOrder = defineAction({
 *     name: 'purchase_orders.send', method: 'POST', path: '/api/purchase_orders/:id/send',
 *     params: z.object({ id: ID_PARAM }), answer: z.object({ data: recordRead('purchase_orders') }),
 *     permission: { action: 'edit', area: 'purchase_orders' },
 *   });
 */
import { z } from 'zod';
import type { Action, Area } from '../permissions.ts';

export type ActionMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call: a right on an area, or any signed-in user (the action then asks the record's own
 * rules, as a history or a restore does for the resource it names), or anyone, without a session
 * (`public`: the action's own secret in its path is its check, e.g. a client's approval link; such
 * an action declares a `rateLimit` and answers nothing the secret does not name).
 */
export type ActionPermission = { action: Action; area: Area } | 'signed_in' | 'public';

export interface ActionDef {
  /** `resource.verb`, unique: the registry's key and the OpenAPI operation id. */
  name: string;
  /** One line for the OpenAPI document. */
  summary: string;
  method: ActionMethod;
  /** Fastify's form: `/api/purchase_orders/:id/send`. */
  path: string;
  /** The path parameters (strings on the wire); a path that fails them names nothing: 404. */
  params?: z.ZodType;
  /** GET: the query string's parameters. */
  query?: z.ZodType;
  /** Writes: the JSON body (422 with field errors when it fails). */
  body?: z.ZodType;
  /** What a 2xx answer carries (for a download: the blob's media type is `download`). */
  answer: z.ZodType;
  permission: ActionPermission;
  /** The success status when not 200 (204: no content; declare `answer: z.null()`). */
  status?: 201 | 204;
  /**
   * Also answers the server's control token (`Authorization: Bearer`, cli/control.ts) instead of a
   * session: `npm run db:backup` on the server's own machine.
   */
  controlToken?: true;
  /** Also takes a multipart/form-data body (files and images): its fields, with the file part(s). */
  upload?: { fields: z.ZodType; files: 'one' | 'many' };
  /** Answers a stored blob of this media type instead of JSON. */
  download?: string;
  /**
   * The refusals it answers beyond those its permission brings (a signed-in caller's 401 and 403; a
   * public one's 404, 410 and 422), each with when: the document lists them with the others.
   */
  alsoRefuses?: { [status in 401 | 403 | 404 | 409 | 410]?: string };
  /** At most `max` calls per `timeWindow` (e.g. '1 minute') from one address, then 429 (every public action has one). */
  rateLimit?: { max: number; timeWindow: string };
  /**
   * A long action that reports how far it got. A caller that accepts `PROGRESS_MEDIA_TYPE` gets
   * 200 at once and, line by line, `{"progress":[done,total]}` as the work goes, then one last
   * `{"status":…,"body":…}`: the status and body the plain call would have answered (a 422's field
   * errors included). Other callers get the plain answer. (The lines' shape: api.ts `ProgressLine`.)
   */
  progress?: true;
}

/** Declares an action; `const` keeps its literal name and schemas for the types below. */
export function defineAction<const D extends ActionDef>(def: D): D {
  return def;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The answer a caller receives. */
export type ActionAnswer<D extends ActionDef> = z.output<D['answer']>;
/** The body a caller sends (before the server's parsing: numbers may still be strings, etc.). */
export type ActionBody<D extends ActionDef> = D['body'] extends z.ZodType ? z.input<D['body']> : undefined;
/** The query a caller sends. */
export type ActionQuery<D extends ActionDef> = D['query'] extends z.ZodType ? z.input<D['query']> : undefined;
/** The path parameters a caller gives: each becomes one URL segment. */
export type ActionParams<D extends ActionDef> = D['params'] extends z.ZodType ? { [K in keyof z.input<D['params']>]: string | number } : undefined;
/** The parameters, query and body as the server's handler receives them (parsed). */
export type ActionParsedParams<D extends ActionDef> = Out<D['params']>;
export type ActionParsedInput<D extends ActionDef> = D['method'] extends 'GET' ? Out<D['query']> : Out<D['body']>;

/** A record id in a path: digits, within PostgreSQL's integer. */
export const ID_PARAM = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647)
  .meta({ description: 'A record id.' });

/** A map of declarations keyed by their names (a key that is not its declaration's name fails to compile). */
export function actionMap<const T extends Record<string, ActionDef>>(actions: T & { [K in keyof T]: { name: K } }): T {
  return actions;
}
