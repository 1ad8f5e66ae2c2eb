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
  /** For the few handlers that speak HTTP themselves: multipart uploads and blob downloads. */
  request: FastifyRequest;
  reply: FastifyReply;
  /** How far a long action got (declared `progress`): sent to a caller that asked for it, else nothing. */
  progress: (done: number, total: number) => void;
}

/**
 * What a handler returns: the declared answer, on its input side (a record answer takes the
 * engine's rows; the rest is exact). A download sends its blob on the reply and returns it.
 */
export type ActionResult<D extends ActionDef> = D extends { download: string } ? FastifyReply : z.input<D['answer']>;

export type ActionHandler<D extends ActionDef> = (call: ActionCall<D>) => Promise<ActionResult<D>>;

/** A handler for each action of `T` (an area's declarations, or the whole registry). */
export type ActionHandlers<T extends Record<string, ActionDef>> = { [K in keyof T]: ActionHandler<T[K]> };
