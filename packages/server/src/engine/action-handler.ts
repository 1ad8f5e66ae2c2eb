/**
 * The server side of a named action's declaration (shared/actions): the handler's type, derived
 * from the declaration, so a handler receives the parsed parameters and input and must return
 * the declared answer. http/action-routes.ts registers each with its permission and validation.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ActionDef, ActionParsedInput, ActionParsedParams } from '@glazier/shared/actions/define';
import type { Ctx } from './context.ts';

export interface ActionCall<D extends ActionDef> {
  ctx: Ctx;
  /** The path parameters, parsed by the declaration (ids are numbers). */
  params: ActionParsedParams<D>;
  /** The query (GET) or JSON body, parsed by the declaration; undefined for a multipart upload, which the handler reads. */
  input: ActionParsedInput<D>;
  /** Where the call came from: the caller's address, and the app's origin as they reached it and as links name it (PUBLIC_URL). */
  caller: { ip: string; origin: string; publicOrigin: string };
  /**
   * For the platform's handlers that speak HTTP themselves (the live stream, a backup, an
   * attachment's upload and blob). An area's handler answers plain values, and a download
   * (`Download`), which http/ writes.
   */
  request: FastifyRequest;
  reply: FastifyReply;
  /** How far a long action got (declared `progress`): sent to a caller that asked for it, else nothing. */
  progress: (done: number, total: number) => void;
}

/**
 * A download's answer, which http/action-routes.ts sends: its bytes, media type, file name, and
 * how it may be kept. `no-store`: never kept (a PDF of figures that change); `revalidate`: asked
 * for again each time, and with `etag` answered 304 when the caller has it already (a calendar feed).
 */
export interface Download {
  bytes: Buffer | string;
  type: string;
  fileName: string;
  /** `attachment`: the browser saves it under its name; `inline`: it is opened (a calendar subscription). */
  disposition: 'attachment' | 'inline';
  cache: 'no-store' | 'revalidate';
  etag?: string;
}

/**
 * What a handler returns: the declared answer, on its input side (a record answer takes the
 * engine's rows; the rest is exact). A download answers a `Download` (a platform handler that
 * streamed its blob itself, the reply it sent).
 */
export type ActionResult<D extends ActionDef> = D extends { download: string } ? Download | FastifyReply : z.input<D['answer']>;

export type ActionHandler<D extends ActionDef> = (call: ActionCall<D>) => Promise<ActionResult<D>>;

/** A handler for each action of `T` (an area's declarations, or the whole registry). */
export type ActionHandlers<T extends Record<string, ActionDef>> = { [K in keyof T]: ActionHandler<T[K]> };

/** A file the browser saves under its name, never kept by a cache (a PDF of figures that change). */
export const savedFile = (bytes: Buffer, type: string, fileName: string): Download => ({ bytes, type, fileName, disposition: 'attachment', cache: 'no-store' });
