/**
 * `GET /api/backup` (shared/actions/session.ts `backup.download`): a backup of the database
 * (platform/backup.ts) as a download, for a signed-in admin with `edit settings`, or for
 * `npm run db:backup` on this machine, which shows the control token the running server wrote into
 * DATA_DIR (cli/control.ts): on PGlite, the running server is the only process that may read its
 * data folder. A finished backup is recorded for Settings.
 */
import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { SESSION_ACTIONS } from '@glazier/shared/actions/session';
import type { Db } from '../db/client.ts';
import type { ActionHandler } from '../engine/action-handler.ts';
import { forbidden } from '../engine/errors.ts';
import { recordBackup, writeBackup } from '../platform/backup.ts';
import { systemCtx } from '../platform/system-context.ts';

function hasControlToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * The route's options: not compressed again on the way (the file is gzip'd already), and the
 * control token acts as the system (an admin) before the declared right is checked.
 */
export function backupRouteOptions(db: Db, controlToken: string | undefined): RouteShorthandOptions {
  return {
    compress: false,
    preHandler: async (request) => {
      if (hasControlToken(request, controlToken)) request.ctx = await systemCtx(db, 'backup');
    },
  };
}

export const downloadBackup: ActionHandler<(typeof SESSION_ACTIONS)['backup.download']> = async ({ ctx, request, reply }) => {
  if (ctx.user?.role !== 'admin') throw forbidden('Only administrators may download a backup.');
  const body = new PassThrough();
  const started = Date.now();
  writeBackup(ctx.db, body)
    .then(async (summary) => {
      await recordBackup(ctx.db, summary);
      request.log.info(
        { tables: Object.keys(summary.tables).length, rows: summary.rows, blob_bytes: summary.blob_bytes, ms: Date.now() - started },
        'backup written',
      );
    })
    .catch((e: unknown) => {
      request.log.error({ err: e }, 'backup failed');
      body.destroy(e as Error); // the download ends short: the file's missing trailer says so
    });
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', `attachment; filename="glazier-${day}.backup"`)
    .header('cache-control', 'no-store')
    .send(body);
};
