/**
 * The one HTTP client of the app (docs/platform.md, Generic calls): same-origin fetch with the session cookie and
 * the anti-forgery header on every write. Errors come out as `HttpError` (the server answered
 * with a failure status) or `NetworkError` (it could not be reached), and a write that must not go
 * offline as `OfflineRefusal`; `error-mapper.tsx` turns each into what the user sees.
 */
import { XSRF_COOKIE, XSRF_HEADER, type ApiErrorBody } from '@glazier/shared/api';

export class HttpError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.message || `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * A write refused before it was sent because it can go only online (a named action: the offline
 * queue keeps saves and deletes, not actions) and cannot go now (saves.ts `sendWhenOnline`); its
 * message says why, in the person's words.
 */
export class OfflineRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfflineRefusal';
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** The Accept header (JSON unless said; action-progress.ts asks for progress lines). */
  accept?: string;
  /** A write's Idempotency-Key: sent again with it, the write is made once (the offline queue's resends). */
  idempotencyKey?: string;
}

export interface HttpResponse<T> {
  data: T;
  /** The server's Date header, when present (used as a clock for `accessed_at`). */
  serverDate: string | null;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const raw = rest.join('=');
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Query string from a params object: nulls/undefined/'' dropped, arrays joined with commas. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

let csrfPromise: Promise<void> | null = null;

/** GET /sanctum/csrf-cookie once at a time; a failure is only a console warning (docs/platform.md, Sessions). */
export function fetchCsrfCookie(): Promise<void> {
  csrfPromise ??= fetch('/sanctum/csrf-cookie', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(() => undefined)
    .catch((e: unknown) => console.warn('Could not fetch the anti-forgery cookie', e))
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

export async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 500) };
  }
}

const reachedListeners = new Set<() => void>();

/**
 * Called whenever the server answers (whatever the status): the network is back even when the
 * browser never said it was gone (the offline queue then sends what waits at once).
 */
export function onServerReached(listener: () => void): () => void {
  reachedListeners.add(listener);
  return () => void reachedListeners.delete(listener);
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (WRITE_METHODS.has(method)) {
    if (!readCookie(XSRF_COOKIE)) await fetchCsrfCookie();
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: options.signal };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  try {
    const res = await fetch(path + toQueryString(options.query), init);
    for (const listener of reachedListeners) listener();
    return res;
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e);
  }
}

/** Sends one request; on 419 (stale anti-forgery token) refreshes the cookie and retries once. */
export async function sendChecked(method: string, path: string, options: RequestOptions): Promise<Response> {
  const res = await send(method, path, options);
  if (res.status === 419 && WRITE_METHODS.has(method)) {
    await fetchCsrfCookie();
    return send(method, path, options);
  }
  return res;
}

export async function http<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const res = await sendChecked(method, path, options);
  const body = await parseBody(res);
  if (!res.ok) {
    const err = body && typeof body === 'object' ? (body as ApiErrorBody) : null;
    throw new HttpError(res.status, err);
  }
  return { data: body as T, serverDate: res.headers.get('date') };
}

export const api = {
  get: async <T>(path: string, query?: Query, signal?: AbortSignal) => (await http<T>('GET', path, { query, signal })).data,
  post: async <T>(path: string, body?: unknown) => (await http<T>('POST', path, { body })).data,
  patch: async <T>(path: string, body?: unknown) => (await http<T>('PATCH', path, { body })).data,
  del: async <T>(path: string) => (await http<T>('DELETE', path)).data,
};
