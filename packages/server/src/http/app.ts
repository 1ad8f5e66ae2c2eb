/** Builds the Fastify app: security plugins, sessions, the API and the built web app. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { SessionUser } from '@glazier/shared/api';
import type { Db } from '../db/client.ts';
import { sessionUserFor } from '../domain/auth.ts';
import { DbSessionStore } from '../domain/session-store.ts';
import type { Ctx } from '../engine/context.ts';
import { SESSION_COOKIE, registerAuthRoutes, csrfGuard, keepSessionCookie } from './auth-routes.ts';
import { errorHandler } from './errors.ts';
import { registerResourceRoutes } from './resource-routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    ctx: Ctx;
  }
}

export interface AppOptions {
  db: Db;
  sessionSecret: string;
  logLevel?: string;
  secureCookies?: boolean;
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist?: string;
}

const SESSION_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { db } = opts;
  const secure = Boolean(opts.secureCookies);
  const app = Fastify({
    logger: opts.logLevel === 'silent' ? false : { level: opts.logLevel ?? 'info' },
    bodyLimit: 25 * 1024 * 1024, // image data URLs arrive in batches of 5 (domain.md 9)
    trustProxy: true,
    routerOptions: { maxParamLength: 200 },
  });

  // An empty JSON body (DELETE, logout) is no body, not a syntax error.
  const jsonParser = app.getDefaultJsonParser('remove', 'remove'); // prototype-poisoning safe
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    jsonParser(request, text, done);
  });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !opts.webDist || !fs.existsSync(path.join(opts.webDist, 'index.html'))) {
      return reply.status(404).send({ message: 'Not found.' });
    }
    return reply.type('text/html').sendFile('index.html'); // SPA fallback for client routes
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: secure,
  });
  // API answers (JSON) are compressed on the fly above 1 KB; brotli at a quick level, since the
  // default (11) costs tens of milliseconds per large page. The built web app is compressed at
  // build time instead (below: preCompressed).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(rateLimit, { global: false });
  await app.register(cookie);
  await app.register(session, {
    secret: opts.sessionSecret,
    cookieName: SESSION_COOKIE,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE_MS },
    saveUninitialized: false,
    rolling: false,
    store: new DbSessionStore(db),
  });

  app.addHook('onSend', keepSessionCookie);

  app.decorateRequest('user', null);
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.addHook('preHandler', async (request) => {
    const userId = request.session?.userId;
    request.user = typeof userId === 'number' ? await sessionUserFor(db, userId) : null;
    if (typeof userId === 'number' && !request.user) request.session.userId = undefined; // deactivated or deleted
    request.ctx = { db, user: request.user };
    csrfGuard(request);
  });

  app.get('/health', async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return reply.send({ status: 'ok' });
    } catch (e) {
      request.log.error({ err: e }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'unavailable', message: 'The database does not answer.' });
    }
  });

  registerAuthRoutes(app, db, { secureCookies: secure });
  registerResourceRoutes(app);

  if (opts.webDist && fs.existsSync(opts.webDist)) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      // The build writes `.br` and `.gz` next to each text asset; they are sent by Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets are immutable; the shell and the service worker must revalidate.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  return app;
}
