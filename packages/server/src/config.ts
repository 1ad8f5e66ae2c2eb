/** Configuration from the environment (documented in README.md). */
import path from 'node:path';
import { compile } from '@fastify/proxy-addr';
import { QUERY_TIMEOUT_MS } from './db/pg-driver.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  sessionSecret: string | undefined;
  /** Cookies get `Secure` (set when the app is served over TLS, directly or behind a proxy). */
  secureCookies: boolean;
  webDist: string;
  /**
   * Which proxies may set X-Forwarded-For (the client address the login throttle counts): none
   * (false), the nearest `n` hops, or the listed proxy addresses / CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** On SIGTERM/SIGINT, how long requests in flight may take before the process exits anyway. */
  drainTimeoutMs: number;
  /** How often a server checks whether scheduled work is due (platform/jobs/scheduled-tasks.ts, run by the job runner). */
  scheduleCheckMs: number;
  /** Addresses / CIDR ranges that may read GET /metrics without signing in (METRICS_ALLOW). */
  metricsAllow: string[];
  /** PostgreSQL: how long a statement may go unanswered before the server takes the connection for lost and answers 503 (0: never). */
  dbQueryTimeoutMs: number;
  /** SMTP_URL: where mail goes (smtp:// or smtps://, credentials in the URL); unset: messages stay in the outbox, not sent. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every message (`Shop <office@example.com>`). */
  mailFrom: string | undefined;
  /** PUBLIC_URL: the address users open the app at; every link in a message starts with it. */
  publicUrl: string | undefined;
}

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: unset, `false` or `0` → trust no proxy (the socket's address counts); a hop count
 * (`1` behind one reverse proxy); or a comma list of proxy addresses / CIDR ranges. `true` is
 * refused: it would let any client choose its address with a header.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === 'off' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true')
    throw new Error('TRUST_PROXY=true would let any client choose its address; set the number of proxies in front (e.g. 1) or their addresses.');
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((s) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s) && !['loopback', 'linklocal', 'uniquelocal'].includes(s));
  if (bad) throw new Error(`TRUST_PROXY: "${bad}" is not an address, a CIDR range or a hop count.`);
  return list;
}

/** A whole number of milliseconds above 0, or the default when unset. */
function positive(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a whole number of milliseconds above 0 (got "${raw}").`);
  return n;
}

/**
 * METRICS_ALLOW: a comma list of addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`) whose callers
 * read /metrics without signing in; unset: signed-in admins only.
 */
export function parseMetricsAllow(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((s) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s) && !['loopback', 'linklocal', 'uniquelocal'].includes(s));
  if (bad) throw new Error(`METRICS_ALLOW: "${bad}" is not an address or a CIDR range.`);
  compile(list); // refuses a malformed address or range now, not on the first scrape
  return list;
}

/** SMTP_URL: smtp:// or smtps:// with a host (refused now, not at the first message). */
export function parseSmtpUrl(raw: string | undefined): string | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error('SMTP_URL is not a URL (smtp://user:password@host:587 or smtps://user:password@host:465).');
  }
  if (!['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) throw new Error('SMTP_URL must start with smtp:// or smtps:// and name a host.');
  return v;
}

/** PUBLIC_URL: an http(s) address, kept without its trailing slash. */
export function parsePublicUrl(raw: string | undefined): string | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if (!/^https?:\/\/[^/\s]+/.test(v)) throw new Error(`PUBLIC_URL must be an http:// or https:// address (got "${v}").`);
  return v.replace(/\/+$/, '');
}

/**
 * The environment without its blank variables: `SMTP_URL=` (a compose file's or a unit file's empty
 * line) means unset, for every variable, not an empty port, data directory or log level.
 */
export function setVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = setVariables(rawEnv);
  const root = path.resolve(import.meta.dirname, '../../..');
  const smtpUrl = parseSmtpUrl(env.SMTP_URL);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  // A message's links (a password reset's) must not be made from a request's Host header, which
  // the requester chooses.
  if (smtpUrl && !publicUrl) throw new Error('SMTP_URL needs PUBLIC_URL: the address people open Glazier at, which the links in messages start with.');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionSecret: env.SESSION_SECRET,
    secureCookies: env.SECURE_COOKIES === 'true',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'packages/web/dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    drainTimeoutMs: positive(env.DRAIN_TIMEOUT_MS, 'DRAIN_TIMEOUT_MS', 25_000),
    scheduleCheckMs: positive(env.SCHEDULE_CHECK_MS, 'SCHEDULE_CHECK_MS', 3600_000),
    metricsAllow: parseMetricsAllow(env.METRICS_ALLOW),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    publicUrl,
    dbQueryTimeoutMs: env.DB_QUERY_TIMEOUT_MS?.trim() === '0' ? 0 : positive(env.DB_QUERY_TIMEOUT_MS, 'DB_QUERY_TIMEOUT_MS', QUERY_TIMEOUT_MS),
  };
}
