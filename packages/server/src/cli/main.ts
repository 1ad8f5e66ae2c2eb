/**
 * The command line: serve, migrate, user:create, seed:demo.
 *   npm start                      build the web app and serve on PORT
 *   npm run db:migrate             apply migrations
 *   npm run user:create -- --email E --password P --role admin --name N
 *   npm run seed:demo              fill the database with a small demo contractor
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { asDbError, loggableError } from '../db/driver-types.ts';
import { buildApp } from '../http/app.ts';
import { purgeExpiredSessions } from '../platform/session-store.ts';
import { purgeTrash } from '../platform/purge-trash.ts';
import { installServerResources } from '../areas/registry.ts';
import { openReadyDb, sessionSecret } from '../runtime.ts';
import { createOrResetUser } from './user-create.ts';
import { seedDemo } from './seed-demo.ts';

installServerResources();
const config = loadConfig();
const [command = 'serve', ...rest] = process.argv.slice(2);

async function serve() {
  const db = await openReadyDb(config);
  const app = await buildApp({
    db,
    sessionSecret: sessionSecret(config),
    logLevel: config.logLevel,
    secureCookies: config.secureCookies,
    webDist: config.webDist,
    trustProxy: config.trustProxy,
    metricsAllow: config.metricsAllow,
  });
  // Expired sessions are dropped at start and hourly, so the table does not grow without end.
  const purge = () => purgeExpiredSessions(db).catch((e: unknown) => app.log.warn({ err: e }, 'purging expired sessions failed'));
  await purge();
  const purgeTimer = setInterval(() => void purge(), 3600_000);
  purgeTimer.unref();
  // Jobs in the trash for more than 30 days are deleted for good, at start and daily.
  const emptyTrash = () => purgeTrash(db).catch((e: unknown) => app.log.warn({ err: e }, 'emptying the trash failed'));
  await emptyTrash();
  const trashTimer = setInterval(() => void emptyTrash(), 24 * 3600_000);
  trashTimer.unref();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(purgeTimer);
    clearInterval(trashTimer);
    app.log.info(`${signal}: closing`);
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Glazier is running at http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
}

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openReadyDb>>) => Promise<T>): Promise<T> {
  const db = await openReadyDb(config);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function main() {
  switch (command) {
    case 'serve':
      return serve();
    case 'migrate':
      await withDb(async () => undefined);
      console.log('Migrations applied.');
      return;
    case 'user:create': {
      const { values } = parseArgs({
        args: rest,
        options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
      });
      const result = await withDb((db) => createOrResetUser(db, values));
      console.log(result.created ? `Created ${result.role} ${result.email} (id ${result.id}).` : `Updated ${result.email} (id ${result.id}): password reset.`);
      return;
    }
    case 'seed:demo': {
      const summary = await withDb((db) => seedDemo(db));
      console.log(summary);
      return;
    }
    default:
      console.error(`Unknown command "${command}". Commands: serve, migrate, user:create, seed:demo.`);
      process.exit(2);
  }
}

main().catch((e) => {
  console.error(asDbError(e) ? loggableError(e).message : e instanceof Error ? e.message : e);
  if (e && typeof e === 'object' && 'errors' in e) console.error(JSON.stringify((e as { errors: unknown }).errors, null, 2));
  process.exit(1);
});
