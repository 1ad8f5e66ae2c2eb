/** One error mapper for every route: the contract's statuses and bodies, never a stack trace. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { asDbError, isUnavailable, loggableError } from '../db/driver-types.ts';
import { ApiError, fromDbError, unavailable } from '../engine/errors.ts';

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorAnswer(error, request);
  if (status === 503) reply.header('retry-after', '5');
  return reply.status(status).send(body);
}

/** The status and body an error answers (logged as it deserves): the reply's, or a progress answer's last line. */
export function errorAnswer(error: unknown, request: FastifyRequest): { status: number; body: { message: string; errors?: Record<string, string[]> } } {
  let e: unknown = error;
  const dbError = asDbError(e);
  if (dbError) e = fromDbError(dbError) ?? e;
  else if (isUnavailable(e)) e = unavailable();
  if (e instanceof ApiError && e.status === 503) {
    // Logged once per request at warn, without a stack: the database's outage is the news.
    request.log.warn({ reason: (dbError ?? (error as Error)).message }, 'database unavailable');
    return { status: 503, body: { message: e.message } };
  }
  if (e instanceof ApiError) {
    return { status: e.status, body: e.errors ? { message: e.message, errors: e.errors } : { message: e.message } };
  }
  const fe = error as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status === 429) return { status, body: { message: 'Too many attempts. Please wait a minute and try again.' } };
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions?.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
    return { status: 413, body: { message: `The request body is too large (at most ${formatBytes(limit)}).` } };
  }
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, body too large, bad URL encoding...
    return {
      status,
      body: {
        message: fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is not valid JSON.' : fe.message,
      },
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { message: 'Something went wrong on the server. The error was logged.' } };
}

/** The logger's `err` serializer: database errors without their parameter values (loggableError). */
export const serializeError = (err: unknown) => loggableError(err);

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`;
}
