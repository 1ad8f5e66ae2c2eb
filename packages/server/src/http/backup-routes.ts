/**
 * `GET /api/backup`: a backup of the database (platform/backup.ts) as a download, for a signed-in
 * admin with `edit settings`, or for `npm run db:backup` on this machine, which shows the control
 * token the running server wrote into DATA_DIR (cli/control.ts): on PGlite, the running server is
 * the only process that may read its data folder. A finished backup is recorded for Settings.
 */
import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { forbidden, unauthenticated } from '../engine/errors.ts';
import { recordBackup, writeBackup } from '../platform/backup.ts';

function hasControlToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function registerBackupRoutes(app: FastifyInstance, db: Db, opts: { controlToken?: string }): void {
  // Not compressed again on the way: the file is gzip'd already.
  app.get('/api/backup', { compress: false }, async (request, reply) => {
    if (!hasControlToken(request, opts.controlToken)) {
      const user = request.user;
      if (!user) throw unauthenticated();
      if (user.role !== 'admin' || !user.permissions.settings.edit) throw forbidden('Only administrators may download a backup.');
    }
    const body = new PassThrough();
    const started = Date.now();
    writeBackup(db, body)
      .then(async (summary) => {
        await recordBackup(db, summary);
        request.log.info({ tables: Object.keys(summary.tables).length, rows: summary.rows, blob_bytes: summary.blob_bytes, ms: Date.now() - started }, 'backup written');
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
  });
}
