/**
 * How answers are compressed. A buffered answer (JSON, CSV, a page's HTML: what Fastify has
 * serialised by the time `onSend` runs) is compressed here in one piece; streams (files, PDFs,
 * backups) and anything else are left to the compress plugin (app.ts). The plugin sends a
 * buffered answer above its in-line size through a stream pipeline and a chunked reply, which
 * cost about a tenth of a small list's server time in the bench's profiles; one zlib
 * call on the thread pool and one write do the same work. The bench's floor compresses the same way.
 */
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const ANSWER_COMPRESSION = {
  /** Smaller answers go as they are. */
  threshold: 1024,
  /** Up to this size, compressed in line at the quickest level (a job with its relations: a third of the CPU for ~100 bytes more). */
  inLineUpTo: 8192,
  /** Brotli at a quick level: the default, 11, costs tens of milliseconds per large page. */
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } satisfies zlib.BrotliOptions,
  smallBrotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } satisfies zlib.BrotliOptions,
  gzip: { level: 6 } satisfies zlib.ZlibOptions,
};

type Encoding = 'br' | 'gzip';
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
/** Text, JSON and XML types: what compresses (the plugin's own list, less event streams and binary). */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

/** The encoding this request's answer goes in, if it is compressed here; undefined leaves it to the plugin. */
function encodingFor(request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  if (payload.length < ANSWER_COMPRESSION.threshold / 3) return undefined; // a UTF-16 unit is at most 3 bytes
  const accepted = request.headers['accept-encoding'];
  if (!accepted || reply.statusCode === 206 || reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return undefined;
  if (request.headers['x-no-compression'] !== undefined || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return undefined;
  return encodings.negotiate(accepted.toLowerCase()) ?? undefined;
}

function compressInLine(encoding: Encoding, body: string | Buffer): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, ANSWER_COMPRESSION.smallBrotli) : zlib.gzipSync(body, ANSWER_COMPRESSION.gzip);
}

function compressOffThread(encoding: Encoding, body: string | Buffer, done: (err: Error | null, out: Buffer) => void): void {
  if (encoding === 'br') zlib.brotliCompress(body, ANSWER_COMPRESSION.brotli, done);
  else zlib.gzip(body, ANSWER_COMPRESSION.gzip, done);
}

function markCompressed(reply: FastifyReply, encoding: Encoding, out: Buffer): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
  reply.header('content-encoding', encoding);
  reply.header('content-length', out.length);
}

/** An `onSend` step: compresses a buffered answer the client takes compressed, then calls `done`. */
export function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void): void {
  const encoding = encodingFor(request, reply, payload);
  if (!encoding) return done(null, payload);
  const body = payload as string | Buffer;
  const size = Buffer.byteLength(body);
  if (size < ANSWER_COMPRESSION.threshold) return done(null, payload);
  if (size <= ANSWER_COMPRESSION.inLineUpTo) {
    let out: Buffer;
    try {
      out = compressInLine(encoding, body);
    } catch (e) {
      return done(e as Error);
    }
    markCompressed(reply, encoding, out);
    return done(null, out);
  }
  compressOffThread(encoding, body, (err, out) => {
    if (err) return done(err);
    markCompressed(reply, encoding, out);
    done(null, out);
  });
}
