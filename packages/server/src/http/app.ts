/** Builds the Fastify app: security plugins, sessions, the API and the built web app. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { SessionUser } from '@glazier/shared/api';
import { SIGNED_IN_HOME_FILE, fillUserMarks } from '@glazier/shared/signed-in-page';
import type { Db } from '../db/client.ts';
import { sessionUserFor } from '../platform/auth.ts';
import { DbSessionStore } from '../platform/session-store.ts';
import { LiveHub } from '../platform/live/live-hub.ts';
import { listenForChanges } from '../platform/change-listener.ts';
import type { Ctx, MailContext } from '../engine/context.ts';
import { rememberingSigner } from './session-signer.ts';
import { SESSION_COOKIE, csrfGuard } from './auth-routes.ts';
import { registerSessions } from './session.ts';
import { factorKey } from '../platform/security/factors.ts';
import { refuseUntilEnrolled } from './security-routes.ts';
import type { TrustProxy } from '../config.ts';
import { errorHandler, serializeError } from './errors.ts';
import { DEFAULT_BODY_LIMIT } from './uploads.ts';
import { registerResourceRoutes } from './resource-routes.ts';
import { installServerResources } from '../areas/registry.ts';
import { registerActions } from './action-routes.ts';
import { registerMetrics } from './metrics.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { ANSWER_COMPRESSION, compressAnswer } from './answer-compression.ts';
import { mailDelivery } from '../platform/mail/delivery.ts';
import { backgroundJobs } from '../platform/jobs/background-jobs.ts';
import { createJobRunner, type JobKind, type JobRunner } from '../platform/jobs/job-runner.ts';
import { SCHEDULED_TASKS } from '../platform/jobs/scheduled-tasks.ts';
import { invoiceRemindersTask } from '../areas/billing/invoice-reminders.ts';
import { mailContext } from '../platform/mail/outbox.ts';
import { mailSecretKey } from '../platform/mail/mail-secrets.ts';
import type { MailSettings } from '../platform/mail/mail-actions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    ctx: Ctx;
  }
  interface FastifyInstance {
    /** Cookies are set with Secure (SECURE_COOKIES): a handler that signs someone in reads it. */
    secureCookies: boolean;
    /** PUBLIC_URL (config.ts), when set: the address absolute links are made with (platform/public-url.ts). */
    publicUrl: string | undefined;
    /** This server's background work (platform/jobs/job-runner.ts): mail delivery with SMTP_URL, scheduled tasks when asked. */
    jobs: JobRunner;
    /** This server's live update streams (platform/live/live-hub.ts). */
    liveHub: LiveHub;
    /** The key that seals authenticator keys (platform/security/factors.ts), from the session secret. */
    factorKey: Buffer;
  }
}

export interface AppOptions {
  db: Db;
  sessionSecret: string;
  logLevel?: string;
  secureCookies?: boolean;
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist?: string;
  /** TRUST_PROXY (config.ts): no proxy by default, so X-Forwarded-For cannot choose the address. */
  trustProxy?: TrustProxy;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
  /**
   * Listen for the changes announced on the database's channel (platform/change-listener.ts): other
   * app servers' and this one's, the live streams' record changes among them; on by default. Off in
   * tests that build many apps on one process's database.
   */
  listenForChanges?: boolean;
  /** The token `npm run db:backup` shows to download a backup from this server (cli/control.ts). */
  controlToken?: string;
  /** METRICS_ALLOW (config.ts): addresses that read GET /metrics without signing in. */
  metricsAllow?: string[];
  /** PUBLIC_URL (config.ts): the app's address for absolute links; none: the request's own. */
  publicUrl?: string;
  /**
   * SMTP_URL, MAIL_FROM, PUBLIC_URL (config.ts). With an SMTP_URL this server delivers the outbox
   * (`deliver: false`: it only enqueues, as a test's crashed server); `pollMs`: how often it looks
   * for retries falling due.
   */
  mail?: MailSettings & { deliver?: boolean; pollMs?: number };
  /** Runs the scheduled tasks (platform/jobs/scheduled-tasks.ts), looking every `checkEveryMs`; the server does, a test's app does not. */
  scheduled?: { checkEveryMs: number };
}

/** How long `GET /ready` waits for the database's answer before saying it is not ready. */
const READY_TIMEOUT_MS = 3_000;

const SESSION_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  installServerResources();
  const { db } = opts;
  const mailSettings: MailSettings = { smtpUrl: opts.mail?.smtpUrl, mailFrom: opts.mail?.mailFrom, publicUrl: opts.mail?.publicUrl };
  // the key of the secrets messages carry: outside the database, so a backup holds no working link
  const secretKey = mailSecretKey(opts.sessionSecret);
  const secure = Boolean(opts.secureCookies);
  const trust = opts.trustProxy ?? false;
  const app = Fastify({
    logger:
      opts.logLevel === 'silent'
        ? false
        : { level: opts.logLevel ?? 'info', serializers: { err: serializeError }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // JSON bodies are small; upload routes raise the limit for signed-in users with the right (uploads.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    routerOptions: { maxParamLength: 200 },
    // One line per request, written once it is answered (metrics.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });

  registerJsonBodyParser(app);

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !opts.webDist || !fs.existsSync(path.join(opts.webDist, 'index.html'))) {
      return reply.status(404).send({ message: 'Not found.' });
    }
    // A public page the build pre-rendered (welcome) paints before the app's code arrives. Looked
    // up when asked, not listed at start: a page a rebuild took away was sent anyway, and the static
    // plugin's "not found" inside this handler answered Fastify's bare 404.
    const page = prerenderedPage(opts.webDist, request.url.split('?')[0]!);
    if (page) return reply.type('text/html').sendFile(page);
    return reply.type('text/html').sendFile('index.html'); // SPA fallback for client routes
  });

  // Security headers from one helmet middleware, built once: @fastify/helmet built it again (CSP
  // parsed and all) for every request, a measurable share of a small request's time under load.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(opts.webDist)],
        workerSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: secure,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  // Answers are compressed on the fly: buffered ones (JSON) by compressAnswer in the onSend hook
  // below, streams by the plugin, with the same settings (ANSWER_COMPRESSION). The built web app is
  // compressed at build time instead (below: preCompressed).
  await app.register(compress, {
    threshold: ANSWER_COMPRESSION.threshold,
    encodings: ['br', 'gzip'],
    brotliOptions: ANSWER_COMPRESSION.brotli,
    zlibOptions: ANSWER_COMPRESSION.gzip,
    syncThreshold: ANSWER_COMPRESSION.inLineUpTo,
    zlib: { brotliCompressSync: (payload: zlib.InputType) => zlib.brotliCompressSync(payload, ANSWER_COMPRESSION.smallBrotli) },
  });
  await app.register(rateLimit, { global: false });
  // Multipart bodies are only read by the upload routes (file-routes.ts), each with its own limits.
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: DEFAULT_BODY_LIMIT, files: 1, fields: 30, parts: 40 } });
  // Cookies are set through the plugin; the one cookie read (the session's) is read by sessions.
  await app.register(cookie, { hook: false });
  const sessionStore = new DbSessionStore(db);
  registerSessions(app, {
    cookieName: SESSION_COOKIE,
    signer: rememberingSigner(opts.sessionSecret),
    store: sessionStore,
    secure,
    maxAgeMs: SESSION_MAX_AGE_MS,
  });
  // While the server drains (SIGTERM: app.close()), answers close their connection, so a client's
  // kept-alive connection does not hold the process open once its request is done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Answers about a signed-in user's data must not stay in shared or browser HTTP caches. (One
  // hook for every answer, without a promise; it runs before the plugin's, which then leaves an
  // answer compressed here as it is.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      reply.header('cache-control', 'no-store');
    compressAnswer(request, reply, payload, done);
  });

  app.decorateRequest('user', null);
  // null until the preHandler below sets it (Fastify's untyped form: the field's type says set)
  app.decorateRequest('ctx', null, []);
  app.addHook('preHandler', async (request) => {
    const userId = request.session?.userId;
    request.user = typeof userId === 'number' ? await sessionUserFor(db, userId) : null;
    if (typeof userId === 'number' && !request.user) request.session.userId = undefined; // deactivated or deleted
    let mail: MailContext | undefined;
    request.ctx = {
      db,
      user: request.user,
      sessionId: request.session?.sessionId,
      // worked out when a call sends mail or makes a link, not on every request
      get mail() {
        return (mail ??= mailContext({ ...mailSettings, secretKey }, `${request.protocol}://${request.host}`));
      },
    };
    csrfGuard(request);
    if (request.user) {
      // Who must still set up a second factor may do that and nothing else (platform/security).
      if (request.user.must_enrol) refuseUntilEnrolled(request);
      const sid = request.session.sessionId;
      if (sid) await sessionStore.touch(sid, request.ip);
    }
  });

  registerMetrics(app, db, { allow: opts.metricsAllow });

  // For load balancers and orchestrators, unauthenticated, no session: `/health` says the process
  // runs (restart it when not), `/ready` that it can serve (its database answers; take it out of
  // the rotation when not, it recovers by itself).
  app.get('/health', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.query('SELECT 1'),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS))),
      ]);
      return reply.send({ status: 'ready' });
    } catch (e) {
      request.log.warn({ reason: e instanceof Error ? e.message : String(e) }, 'readiness check: database unavailable');
      return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', message: 'The database does not answer.' });
    } finally {
      clearTimeout(timer);
    }
  });

  if (opts.listenForChanges ?? true) {
    const stop = await listenForChanges(db, app.log);
    app.addHook('onClose', async () => stop());
  }

  const liveHub = new LiveHub(db);
  liveHub.start();
  app.decorate('liveHub', liveHub);
  // Open streams would hold the server open while it drains: they end first (browsers reconnect elsewhere).
  app.addHook('preClose', async () => liveHub.close());

  app.decorate('secureCookies', secure);
  app.decorate('publicUrl', opts.publicUrl);
  app.decorate('factorKey', factorKey(opts.sessionSecret));
  // Background work: one runner, started and stopped with the app
  const kinds: JobKind[] = [];
  if (mailSettings.smtpUrl && opts.mail?.deliver !== false)
    kinds.push(mailDelivery(db, { smtpUrl: mailSettings.smtpUrl, from: mailSettings.mailFrom, secretKey }, { pollMs: opts.mail?.pollMs }));
  if (opts.scheduled)
    kinds.push(
      backgroundJobs(db, {
        tasks: [...SCHEDULED_TASKS, invoiceRemindersTask(mailContext({ ...mailSettings, secretKey }, opts.publicUrl ?? 'http://localhost'))],
        pollMs: opts.scheduled.checkEveryMs,
      }),
    );
  const jobs = createJobRunner(kinds);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start(app.log));
  app.addHook('onClose', async () => jobs.stop());
  registerActions(app, db, { controlToken: opts.controlToken });
  registerResourceRoutes(app);

  if (opts.webDist && fs.existsSync(opts.webDist)) {
    const webDist = opts.webDist;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // `/` is the route below, not the static index.html
      index: false,
      // The build writes `.br` and `.gz` next to each text asset; they are sent by Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets are immutable; the shell and the service worker must revalidate.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
    // `/`: a signed-in visitor gets the home page the build pre-rendered, with their name in it, so
    // its greeting paints before the app's code has run (shared/signed-in-page.ts); anyone else
    // (and a build without it) gets index.html, whose app sends a guest to the welcome page. Read
    // when asked, as the pre-rendered public pages are: a rebuild is served at once.
    app.get('/', async (request, reply) => {
      const home = request.user ? await fs.promises.readFile(path.join(webDist, SIGNED_IN_HOME_FILE), 'utf8').catch(() => null) : null;
      if (!home) return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      // theirs alone: kept by no cache
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(fillUserMarks(home, request.user!.name));
    });
  }
  return app;
}

/** The file (under webDist) the web build pre-rendered for a path (`/welcome` → `prerendered/welcome.html`), if it is there. */
function prerenderedPage(webDist: string, urlPath: string): string | undefined {
  if (!/^\/[a-z][a-z0-9-]*$/.test(urlPath)) return undefined; // one plain segment: never a path out of the folder
  const file = `prerendered${urlPath}.html`;
  return fs.existsSync(path.join(webDist, file)) ? file : undefined;
}

/**
 * CSP hashes of the inline scripts in the built index.html (the colour scheme, applied before the
 * first paint without a render-blocking request): allowed by hash, never by 'unsafe-inline'.
 */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  const file = webDist && path.join(webDist, 'index.html');
  if (!file || !fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${crypto.createHash('sha256').update(m[1]!).digest('base64')}'`);
}
