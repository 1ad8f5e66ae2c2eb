/**
 * Request body limits. Every route takes JSON bodies up to DEFAULT_BODY_LIMIT; a route that takes
 * uploads (files, images) raises its limit with `uploadRoute`, and only a signed-in user with
 * `edit` on the route's area may send such a body: the check runs before the body is read.
 */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Area } from '@glazier/shared/permissions';
import type { WriteAccess } from '@glazier/shared/resources/define';
import type { Db } from '../db/client.ts';
import { sessionUserFor } from '../platform/auth.ts';
import { allowed } from '../engine/context.ts';
import { ApiError, forbidden, notFound, unauthenticated } from '../engine/errors.ts';
import { csrfGuard } from './auth-routes.ts';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Five images of a batch as data URLs (docs/platform.md, Files and images), or one 20 MB PDF with its encoding. */
export const UPLOAD_BODY_LIMIT = 30 * 1024 * 1024;
/** An import's rows (shared/actions/imports.ts): 10 000 rows of a wide sheet. */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * Route options for an upload route: the raised limit, guarded by the area's `edit` right (the
 * area of the record the path names, for a route over several resources; none: 404).
 * `others: 'small'` lets a signed-in user without the right through with a body of the default
 * size, declared up front (Content-Length), for routes that also serve small writes the record
 * rules may allow them (the uploader editing their own images through store_many).
 */
export function uploadRoute(
  db: Db,
  area: Area | ((request: FastifyRequest) => WriteAccess | undefined),
  bodyLimit = UPLOAD_BODY_LIMIT,
  opts: { others?: 'forbidden' | 'small' } = {},
): RouteShorthandOptions {
  return {
    bodyLimit,
    // preParsing runs after the session is loaded and before a byte of the body is parsed.
    preParsing: async (request: FastifyRequest) => {
      const userId = request.session?.userId;
      const user = typeof userId === 'number' ? await sessionUserFor(db, userId) : null;
      if (!user) throw unauthenticated();
      csrfGuard(request);
      const needed = typeof area === 'function' ? area(request) : area;
      if (needed === undefined) throw notFound();
      if (allowed({ db, user }, 'edit', needed)) return;
      if (opts.others !== 'small') throw forbidden();
      const length = Number(request.headers['content-length']);
      if (!Number.isFinite(length) || length > DEFAULT_BODY_LIMIT) throw new ApiError(413, 'The request body is too large (at most 1 MB).');
    },
  };
}
