/** One error mapper for every route: the contract's statuses and bodies, never a stack trace. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { asDbError, isUnavailable, loggableError } from '../db/driver-types.ts';
import { ApiError, fromDbError, unavailable } from '../engine/errors.ts';

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  let e: unknown = error;
  const dbError = asDbError(e);
  if (dbError) e = fromDbError(dbError) ?? e;
  else if (isUnavailable(e)) e = unavailable();
  if (e instanceof ApiError && e.status === 503) {
    // Logged once per request at warn, without a stack: the database's outage is the news.
    request.log.warn({ reason: (dbError ?? (error as Error)).message }, 'database unavailable');
    return reply.status(503).header('retry-after', '5').send({ message: e.message });
  }
  if (e instanceof ApiError) {
    return reply.status(e.status).send(e.errors ? { message: e.message, errors: e.errors } : { message: e.message });
  }
  const fe = error as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ message: 'Too many attempts. Please wait a minute and try again.' });
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions?.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
    return reply.status(413).send({ message: `The request body is too large (at most ${formatBytes(limit)}).` });
  }
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, body too large, bad URL encoding...
    return reply.status(status).send({ message: fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is not valid JSON.' : fe.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: 'Something went wrong on the server. The error was logged.' });
}

/** The logger's `err` serializer: database errors without their parameter values (loggableError). */
export const serializeError = (err: unknown) => loggableError(err);

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`;
}
