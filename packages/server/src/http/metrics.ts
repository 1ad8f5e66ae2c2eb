/**
 * `GET /metrics` in Prometheus' text format (prom-client), and the one log line per request.
 *
 * Who may read the metrics: a signed-in user with `edit` on settings (admins, by default), or a
 * caller whose socket address is in METRICS_ALLOW (config.ts: addresses or CIDR ranges, the
 * socket's own address, never X-Forwarded-For). Anyone else gets 401/403 as from any route.
 *
 * What they hold (one registry per app, so several apps in one process, as in the tests, keep
 * their own counts):
 * - `glazier_http_requests_total` and `glazier_http_request_duration_seconds` by method, route
 *   pattern (`/api/:resource/:id`, never the ids themselves) and status;
 * - `glazier_db_statement_duration_seconds` (each statement's round trip),
 *   `glazier_db_transaction_duration_seconds` (waiting for the connection included),
 *   `glazier_db_pool_connections{state}` and `glazier_db_pool_waiting`;
 * - `glazier_cache_requests_total{cache, result}`: hits and misses of the session and user caches;
 * - prom-client's default process metrics: memory (resident, heap), CPU, event-loop delay
 *   (`nodejs_eventloop_delay_*`), garbage collection, handles.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compile } from '@fastify/proxy-addr';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.ts';
import { authorize } from '../engine/context.ts';
import { CACHE_COUNTS } from '../platform/refreshing-cache.ts';

/** Seconds; from a cached read (a fraction of a millisecond) to a slow report. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface MetricsOptions {
  /** METRICS_ALLOW: addresses / CIDR ranges that may read /metrics without signing in. */
  allow?: string[];
}

/** The route a request matched, as declared (`/api/:resource/:id`); unmatched ones share one name. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(unmatched)';
}

export function registerMetrics(app: FastifyInstance, db: Db, opts: MetricsOptions = {}): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: 'glazier_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'glazier_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const statements = new Histogram({
    name: 'glazier_db_statement_duration_seconds',
    help: 'Round trip of each database statement.',
    buckets: DB_BUCKETS,
    registers: [registry],
  });
  const transactions = new Histogram({
    name: 'glazier_db_transaction_duration_seconds',
    help: 'Whole time of each transaction, waiting for its connection included.',
    buckets: DB_BUCKETS,
    registers: [registry],
  });
  db.observer = { statement: (s) => statements.observe(s), transaction: (s) => transactions.observe(s) };
  new Gauge({
    name: 'glazier_db_pool_connections',
    help: 'Database connections, by state (PGlite has one).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const p = db.poolStats();
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'busy' }, p.size - p.idle);
    },
  });
  new Gauge({
    name: 'glazier_db_pool_waiting',
    help: 'Callers waiting for a database connection.',
    registers: [registry],
    collect() {
      this.set(db.poolStats().waiting);
    },
  });
  new Gauge({
    name: 'glazier_db_info',
    help: 'Which database this server uses (always 1).',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: db.kind }, 1);
    },
  });
  // Counted by the caches of the whole process (refreshing-cache.ts); a counter's value is set here.
  new Gauge({
    name: 'glazier_cache_requests_total',
    help: 'Reads of the per-process caches (sessions, users): hits answered from memory, misses read from the database. Only grows.',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      for (const [cache, c] of CACHE_COUNTS) {
        this.set({ cache, result: 'hit' }, c.hits);
        this.set({ cache, result: 'miss' }, c.misses);
      }
    },
  });

  // At debug level, a line when a request arrives (its route pattern only), to see what is in flight.
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done) => {
      request.log.debug({ method: request.method, route: routeOf(request) }, 'request received');
      done();
    });
  }

  // One log line and one observation per request, once it has been answered. No URL (its query may
  // carry a search), no body, no headers: the route pattern, status, time and who asked.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const labels = { method: request.method, route, status: String(status) };
    requests.inc(labels);
    durations.observe(labels, ms / 1000);
    request.log.info({ method: request.method, route, status, ms: Math.round(ms * 10) / 10, user_id: request.user?.id ?? null }, 'request');
    done();
  });

  const allowed = opts.allow?.length ? compile(opts.allow) : undefined;
  app.get('/metrics', async (request, reply) => {
    const address = request.socket.remoteAddress;
    if (!(allowed && address && allowed(address, 0))) authorize(request.ctx, 'edit', 'settings');
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
