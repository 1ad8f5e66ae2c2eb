/**
 * Metrics and logs: GET /metrics in Prometheus' format for admins or from an allowed
 * address; request counts and times by route pattern, the database's statements, transactions and
 * pool, the caches, the process; and one log line per request without URL, body or secrets.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app.ts';
import { parseMetricsAllow } from '../src/config.ts';
import { Client, PASSWORD, appWithRoles, signedIn } from './harness.ts';

const { env, ids, as } = appWithRoles();
const extraApps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of extraApps) await app.close();
});

async function otherApp(opts: { metricsAllow?: string[]; logLines?: string[] } = {}) {
  const app = await buildApp({
    db: env.db,
    sessionSecret: 'x'.repeat(48),
    logLevel: opts.logLines ? 'info' : 'silent',
    logStream: opts.logLines ? { write: (line: string) => void opts.logLines!.push(line) } : undefined,
    metricsAllow: opts.metricsAllow,
  });
  await app.ready();
  extraApps.push(app);
  return app;
}

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers admins only: 401 for a guest, 403 for a manager', async () => {
    expect((await new Client(env.app).get('/metrics')).status).toBe(401);
    expect((await as.manager.get('/metrics')).status).toBe(403);
    const res = await env.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: [...as.admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and status, and times them', async () => {
    const client = await signedIn(env.app, ids.supervisor.email);
    const made = await as.manager.post('/api/clients', { name: 'Metrics Client' });
    for (let i = 0; i < 3; i++) expect((await client.get(`/api/clients/${made.body.id}`)).status).toBe(200);
    expect((await client.get('/api/clients/999999')).status).toBe(404);
    const res = await env.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: [...as.admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const text = res.body;
    // the pattern, never the id
    expect(sample(text, 'glazier_http_requests_total', { method: 'GET', route: '/api/:resource/:id', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'glazier_http_requests_total', { method: 'GET', route: '/api/:resource/:id', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/clients/${made.body.id}`);
    expect(sample(text, 'glazier_http_request_duration_seconds_count', { route: '/api/:resource/:id', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'glazier_http_request_duration_seconds_bucket', { route: '/api/:resource/:id', status: '200', le: '+Inf' })).toBeGreaterThanOrEqual(3);
    // the database's work, its connections and the caches
    expect(sample(text, 'glazier_db_statement_duration_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'glazier_db_transaction_duration_seconds_count')).toBeGreaterThan(0); // the create
    expect(sample(text, 'glazier_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    // a count, not a quiet moment: work that outlives its answer (a session's save) may hold PGlite's one connection as it is read
    expect(Number.isInteger(sample(text, 'glazier_db_pool_waiting'))).toBe(true);
    expect(sample(text, 'glazier_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'glazier_db_info', { kind: env.db.kind })).toBe(1);
    expect(sample(text, 'glazier_cache_requests_total', { cache: 'sessions', result: 'hit' })).toBeGreaterThan(0);
    expect(sample(text, 'glazier_cache_requests_total', { cache: 'users', result: 'hit' })).toBeGreaterThan(0);
    // the process: memory and event-loop delay
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it('answers a caller from METRICS_ALLOW without a session, and no one else', async () => {
    // app.inject comes from 127.0.0.1
    expect((await new Client(await otherApp({ metricsAllow: ['127.0.0.1/32'] })).get('/metrics')).status).toBe(200);
    expect((await new Client(await otherApp({ metricsAllow: ['10.0.0.0/8'] })).get('/metrics')).status).toBe(401);
    // X-Forwarded-For does not choose the address
    const app = await otherApp({ metricsAllow: ['10.0.0.0/8'] });
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '10.1.2.3' } })).statusCode).toBe(401);
  });

  it('METRICS_ALLOW refuses what is not an address or a range', () => {
    expect(parseMetricsAllow(undefined)).toEqual([]);
    expect(parseMetricsAllow(' 127.0.0.1, 10.0.0.0/8 ,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseMetricsAllow('everyone')).toThrow(/METRICS_ALLOW/);
    expect(() => parseMetricsAllow('10.0.0.0/99')).toThrow();
  });
});

describe('request log', () => {
  it('writes one line per request: route pattern, status, duration and user id; no URL, query, body or secret', async () => {
    const lines: string[] = [];
    const app = await otherApp({ logLines: lines });
    const c = new Client(app);
    await c.get('/sanctum/csrf-cookie');
    expect((await c.post('/login', { email: ids.manager.email, password: PASSWORD })).status).toBe(204);
    lines.length = 0;
    expect((await c.get('/api/clients?search=Secret%20Term&page=1')).status).toBe(200);
    expect((await c.post('/api/clients', { name: 'Private Person Name' })).status).toBe(201);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/api/:resource', status: 200, user_id: ids.manager.id });
    expect(entries[1]).toMatchObject({ method: 'POST', route: '/api/:resource', status: 201, user_id: ids.manager.id });
    expect(typeof entries[0]!.ms).toBe('number');
    const text = lines.join('\n');
    expect(text).not.toContain('Secret');
    expect(text).not.toContain('Private Person');
    expect(text).not.toMatch(/cookie|xsrf|password/i);
  });

  it('logs a guest as user_id null and a failed sign-in without its password', async () => {
    const lines: string[] = [];
    const app = await otherApp({ logLines: lines });
    const c = new Client(app);
    await c.get('/sanctum/csrf-cookie');
    expect((await c.post('/login', { email: ids.manager.email, password: 'wrong-password-77' })).status).toBe(422);
    const entry = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(entry).toMatchObject({ route: '/login', status: 422, user_id: null });
    expect(lines.join('\n')).not.toContain('wrong-password-77');
  });
});
