/**
 * The command line: serve, migrate, user:create, seed:demo, backup, restore.
 *   npm start                      build the web app and serve on PORT
 *   npm run db:migrate             apply migrations
 *   npm run db:backup -- --out FILE   one file with everything, consistent as of one moment
 *   npm run db:restore -- --in FILE   into an empty DATA_DIR or PostgreSQL database
 *   npm run user:create -- --email E --password P --role admin --name N
 *   npm run seed:demo              fill the database with a small demo contractor
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { asDbError, loggableError } from '../db/driver-types.ts';
import { buildApp } from '../http/app.ts';
import { describeSmtp } from '../platform/mail/delivery.ts';
import { installServerResources } from '../areas/registry.ts';
import { openReadyDb, sessionSecret } from '../runtime.ts';
import { createOrResetUser } from './user-create.ts';
import { seedDemo } from './seed-demo.ts';
import { runBackup, runRestore } from './backup-restore.ts';
import { localUrl, newControlToken, writeControlFile } from './control.ts';

installServerResources();
const config = loadConfig();
const [command = 'serve', ...rest] = process.argv.slice(2);

async function serve() {
  const db = await openReadyDb(config);
  // Set after the migrations, which may run long on a big database.
  db.setQueryTimeout(config.dbQueryTimeoutMs);
  const controlToken = config.databaseUrl ? undefined : newControlToken();
  const app = await buildApp({
    db,
    controlToken,
    sessionSecret: sessionSecret(config),
    logLevel: config.logLevel,
    secureCookies: config.secureCookies,
    webDist: config.webDist,
    trustProxy: config.trustProxy,
    metricsAllow: config.metricsAllow,
    publicUrl: config.publicUrl,
    mail: { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, publicUrl: config.publicUrl },
    // scheduled work runs once across every app server on the database (platform/jobs/scheduled-tasks.ts)
    scheduled: { checkEveryMs: config.scheduleCheckMs },
  });
  let removeControlFile = (): void => undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing the requests in flight, refusing new ones`);
    // Requests in flight finish; new connections are refused and new requests on kept-alive
    // connections answer 503 (Fastify's close); past the drain timeout the process exits anyway.
    const forced = setTimeout(() => {
      app.log.warn(`${signal}: requests still running after ${config.drainTimeoutMs} ms; exiting anyway`);
      void db.close().finally(() => process.exit(1));
    }, config.drainTimeoutMs);
    forced.unref();
    removeControlFile();
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    app.log.info(`${signal}: stopped`);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // On PGlite, `npm run db:backup` on this machine downloads its backup from this process (cli/control.ts).
  if (controlToken) removeControlFile = writeControlFile(config.dataDir, { pid: process.pid, url: localUrl(config.host, config.port), token: controlToken });
  app.log.info(config.smtpUrl ? `Mail goes out through ${describeSmtp(config.smtpUrl)}` : 'No mail server (SMTP_URL): messages stay in the outbox, not sent');
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
    case 'backup': {
      const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
      return runBackup(config, values.out);
    }
    case 'restore': {
      const { values } = parseArgs({ args: rest, options: { in: { type: 'string' } } });
      return runRestore(config, values.in);
    }
    default:
      console.error(`Unknown command "${command}". Commands: serve, migrate, user:create, seed:demo, backup, restore.`);
      process.exit(2);
  }
}

main().catch((e) => {
  console.error(asDbError(e) ? loggableError(e).message : e instanceof Error ? e.message : e);
  if (e && typeof e === 'object' && 'errors' in e) console.error(JSON.stringify((e as { errors: unknown }).errors, null, 2));
  process.exit(1);
});
