// The load generator of bench/run.ts, in a worker thread so the clients never share the event loop
// of the server they measure. Plain JavaScript so it loads in a worker under tsx as under Node.
//
// workerData: { baseUrl, sessions: [{cookie, xsrf, userId}], scenario, concurrency, durationMs,
//               warmupMs, seed, params }
// Each of `concurrency` clients has its own keep-alive connection and sends one request at a time
// for durationMs (after warmupMs not counted). Only 127.0.0.1 is ever targeted.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, sessions, scenario, concurrency, durationMs, warmupMs, seed, params } = workerData;
const url = new URL(baseUrl);
if (url.hostname !== '127.0.0.1') throw new Error('The benchmark only targets 127.0.0.1.');

function rng(s) {
  return () => {
    let t = (s = (s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The next request of a scenario: { method, path, body? } (bodies are JSON). */
function makeRequest(next, session) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  switch (scenario) {
    case 'search': {
      const term = pick(params.terms);
      const page = pick([1, 1, 1, 1, 1, 1, 2, 2, 3, 5]);
      return { method: 'GET', path: `/api/jobs?page=${page}&per_page=20&search=${encodeURIComponent(term)}` };
    }
    case 'get': {
      const id = params.jobIdMin + Math.floor(next() * (params.jobIdMax - params.jobIdMin + 1));
      return { method: 'GET', path: `/api/jobs/${id}` };
    }
    case 'create': {
      const jobId = params.jobIdMin + Math.floor(next() * (params.jobIdMax - params.jobIdMin + 1));
      const day = new Date(Date.parse(params.today) - Math.floor(next() * 14) * 86_400_000).toISOString().slice(0, 10);
      const body = {
        user_id: params.crewIds.length ? pick(params.crewIds) : session.userId,
        job_id: jobId,
        hours: Math.round(next() * 32 + 1) / 4,
        date: day,
        note: pick(['Install', 'Measure', 'Shop fabrication', 'Delivery', 'Punch list']),
      };
      return { method: 'POST', path: '/api/time_entries', body: JSON.stringify(body) };
    }
    case 'inventory': {
      const term = pick(params.inventoryTerms);
      const category = !term || next() < 0.5 ? pick(params.materialCategoryIds) : undefined;
      const page = pick([1, 1, 1, 1, 2, 3]);
      const q = new URLSearchParams({ page: String(page), per_page: '60' });
      if (term) q.set('search', term);
      if (category !== undefined) q.set('material_category_id', String(category));
      return { method: 'GET', path: `/api/materials?${q}` };
    }
    case 'suggestions':
      return { method: 'GET', path: '/api/purchase_orders/suggestions' };
    default:
      throw new Error(`Unknown scenario ${scenario}`);
  }
}

function send(agent, session, req) {
  return new Promise((resolve) => {
    const headers = { cookie: session.cookie, accept: 'application/json' };
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(req.body);
      headers['x-xsrf-token'] = session.xsrf;
    }
    const started = process.hrtime.bigint();
    const r = http.request({ host: '127.0.0.1', port: Number(url.port), method: req.method, path: req.path, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      res.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    r.setTimeout(30_000, () => r.destroy(new Error('timeout')));
    r.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

async function client(i, phaseEnd, record) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const session = sessions[i % sessions.length];
  const next = rng(seed * 7919 + i);
  try {
    while (performance.now() < phaseEnd()) {
      const res = await send(agent, session, makeRequest(next, session));
      record(res);
    }
  } finally {
    agent.destroy();
  }
}

const start = performance.now();
const warmEnd = start + warmupMs;
const end = warmEnd + durationMs;
const latencies = [];
const statuses = {};
let errors = 0;
let measuredStart = 0;
let measuredEnd = 0;
const record = (res) => {
  const now = performance.now();
  if (now < warmEnd) return;
  if (!measuredStart) measuredStart = now;
  measuredEnd = now;
  latencies.push(res.ms);
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  if (res.status < 200 || res.status >= 300) errors++;
};
await Promise.all(Array.from({ length: concurrency }, (_, i) => client(i, () => end, record)));
parentPort.postMessage({ latencies, statuses, errors, seconds: Math.max(0.001, (measuredEnd - warmEnd) / 1000) });
