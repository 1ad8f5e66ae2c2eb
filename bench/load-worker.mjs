// The load generator of bench/run.ts, in a worker thread so the clients never share the event loop
// of the server they measure. Plain JavaScript so it loads in a worker under tsx as under Node.
//
// workerData: { baseUrl, sessions: [{cookie, xsrf, userId}], variants: [{session, steps}],
//               concurrency, durationMs, warmupMs, seed }
// A variant is one call of the scenario: the requests a screen makes, in steps (a step's requests
// go out together, the next step after they all answered), signed in as sessions[variant.session].
// Each of `concurrency` clients picks variants at random and runs one at a time for durationMs
// (after warmupMs not counted), over its own keep-alive connections (up to 6, as a browser opens
// to one host). The latency of a call is its whole run. Only 127.0.0.1 is ever targeted.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { generate } from 'otplib';

const { baseUrl, sessions, variants, concurrency, durationMs, warmupMs, seed, signIn } = workerData;
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

function send(agent, session, req, more) {
  return new Promise((resolve) => {
    // What a browser sends: the answer comes compressed when it is worth it (app.ts).
    const headers = { cookie: session.cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', ...more };
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(req.body);
      headers['x-xsrf-token'] = session.xsrf;
    }
    const started = process.hrtime.bigint();
    const r = http.request({ host: '127.0.0.1', port: Number(url.port), method: req.method, path: req.path, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6, cookies: res.headers['set-cookie'] ?? [] }),
      );
      res.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    r.setTimeout(30_000, () => r.destroy(new Error('timeout')));
    r.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

// ---- sign-in calls (run.ts benchSignIn): a browser of its own per call, a person enrolled in TOTP ----

/** The authenticator's time step (RFC 6238's 30 s, as the server's otplib). */
const STEP_S = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_S);
/** Per sign-in user, the last time step whose code this load (or the database before it) took: a code is taken once. */
const lastStep = signIn ? [...signIn.lastSteps] : [];
let cursor = signIn ? Math.floor(rng(seed)() * signIn.users.length) : 0;
let waits = 0;

/**
 * The next person whose authenticator has a code not yet taken in this time step (round the
 * list, so a person comes back only after all the others); when every one has signed in this
 * step, the client waits for the next (counted: the bench says so, its load was then lighter).
 */
async function pickSignInUser() {
  const n = signIn.users.length;
  for (;;) {
    const t = stepNow();
    for (let k = 0; k < n; k++) {
      const u = cursor;
      cursor = (cursor + 1) % n;
      if (lastStep[u] < t) {
        lastStep[u] = t;
        return { user: signIn.users[u], step: t };
      }
    }
    waits++;
    await new Promise((resolve) => setTimeout(resolve, (t + 1) * STEP_S * 1000 - Date.now() + 20));
  }
}

/**
 * A sign-in as the sign-in dialog makes it, in a browser that has signed in as this person before
 * (its browser cookie), from an address of its own (X-Forwarded-For: the shop's people at their
 * own addresses, each under the per-address limits): the requests' cookies are the answers', the
 * anti-forgery header the XSRF-TOKEN cookie's, `{{email}}`, `{{password}}` and `{{code}}` in a
 * body filled in when it is sent (the code of the time step reserved for this call).
 */
async function signInCall(agent, variant, next) {
  const { user, step } = await pickSignInUser();
  const jar = new Map([['glazier_browser', user.browser]]);
  const address = `10.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}.${1 + Math.floor(next() * 254)}`;
  const started = process.hrtime.bigint();
  let status = 0;
  for (const step_ of variant.steps) {
    for (const req of step_) {
      let body = req.body;
      if (body !== undefined) {
        body = body.replace('{{email}}', user.email).replace('{{password}}', signIn.password);
        if (body.includes('{{code}}')) body = body.replace('{{code}}', await generate({ secret: user.secret, epoch: step * STEP_S }));
      }
      const session = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), xsrf: decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') };
      const a = await send(agent, session, { ...req, body }, { 'user-agent': signIn.userAgent, 'x-forwarded-for': address });
      for (const c of a.cookies) {
        const [pair] = c.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      if (status === 0 || a.status < 200 || a.status >= 300) status = a.status;
    }
  }
  return { status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

/** One call: its steps in order, the requests of a step together; the worst status counts. */
async function call(agent, variant, next) {
  if (variant.signIn) return signInCall(agent, variant, next);
  const session = sessions[variant.session];
  const started = process.hrtime.bigint();
  let status = 0;
  for (const step of variant.steps) {
    const answers = await Promise.all(step.map((req) => send(agent, session, req)));
    for (const a of answers) if (status === 0 || a.status < 200 || a.status >= 300) status = a.status;
  }
  return { status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

async function client(i, phaseEnd, record) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const next = rng(seed * 7919 + i);
  try {
    while (performance.now() < phaseEnd()) record(await call(agent, variants[Math.floor(next() * variants.length)], next));
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
parentPort.postMessage({ latencies, statuses, errors, seconds: Math.max(0.001, (measuredEnd - warmEnd) / 1000), waits });
