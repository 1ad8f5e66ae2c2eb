/**
 * Making a PDF off the event loop: laying out a long document is tens to hundreds of
 * milliseconds of CPU (a 200-item estimate: bench/README.md, PDF), which on the main thread would
 * hold every other request that long. A pool of worker threads (Piscina, running pdf-worker.mjs)
 * renders a document component of a module (`renderPdf(new URL('./x-pdf-document.tsx',
 * import.meta.url), 'XPdfDocument', props)`) from plain props the area has read; the main thread
 * only reads the records and sends the bytes. The workers start on the first document, run at a
 * lower priority than the server (so requests come first when the cores are busy), and idle ones
 * hold no process open. The pool's queue is bounded and each document has a deadline: a busy or
 * stuck pool answers 503 or 504 at once, never a request that hangs. A worker that dies or is
 * stopped at the deadline fails only its own document and is replaced on the next.
 *
 * Also here: the shop's header from Settings, a document's file name, and the answer that sends it.
 */
import os from 'node:os';
import type { FastifyReply } from 'fastify';
import { Piscina } from 'piscina';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../engine/errors.ts';
import { readShop } from '../settings.ts';
import type { ShopHeader } from './pdf-kit.tsx';

/** What a worker is sent (pdf-worker.mjs): a module's URL, the component it exports, its props. */
export interface PdfTask {
  module: string;
  component: string;
  props: object;
}

export const PDF_MEDIA_TYPE = 'application/pdf';

/** Workers at most: one core left to the server's requests and the database (PGlite's own worker). */
export const PDF_WORKERS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

export interface PdfPoolOptions {
  /** Worker threads at most. */
  workers: number;
  /** Documents waiting for a worker at most; one more is refused (503) rather than queued. */
  maxQueue: number;
  /** A document's deadline from its request, waiting included; past it the worker is stopped (504). */
  timeoutMs: number;
}

/** A handful of long documents per worker may wait; a 200-item estimate takes well under a second. */
export const PDF_POOL: PdfPoolOptions = { workers: PDF_WORKERS, maxQueue: 8 * PDF_WORKERS, timeoutMs: 30_000 };

export const PDF_BUSY_MESSAGE = 'Too many documents are being made right now. Try again in a moment.';
export const PDF_TIMEOUT_MESSAGE = 'The document took too long to make. Try again in a moment.';

/** Idle workers are kept this long: loading the PDF renderer in a new one is most of a second. */
const IDLE_MS = 10 * 60_000;
/** Rendering gives way to the server's requests: nice 10 on the workers' threads (Linux). */
const RENDER_NICE = 10;

export class PdfPool {
  readonly #pool: Piscina<PdfTask, Uint8Array>;
  readonly #timeoutMs: number;
  /** Documents running or waiting; counted here because Piscina's `maxQueue` does not count tasks that carry an abort signal. */
  #inFlight = 0;
  readonly #limit: number;

  constructor({ workers, maxQueue, timeoutMs }: PdfPoolOptions) {
    this.#timeoutMs = timeoutMs;
    this.#limit = workers + maxQueue;
    this.#pool = new Piscina({
      filename: new URL('./pdf-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: workers,
      maxQueue,
      idleTimeout: IDLE_MS,
      niceIncrement: RENDER_NICE,
      // React's production build unless told otherwise (the server sets no NODE_ENV): its development
      // build's checks cost some 10-20 % of a long document's render, and a worker's warnings go nowhere.
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
  }

  /** The bytes of `component` (a named export of `module`, a .tsx file) rendered with `props` (plain, cloneable data). */
  async render<P extends object>(module: URL, component: string, props: P, { timeoutMs = this.#timeoutMs } = {}): Promise<Buffer> {
    if (this.#inFlight >= this.#limit) throw new ApiError(503, PDF_BUSY_MESSAGE);
    this.#inFlight++;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const bytes = await this.#pool.run({ module: module.href, component, props }, { signal });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (e) {
      if (signal.aborted) throw new ApiError(504, PDF_TIMEOUT_MESSAGE);
      if (e instanceof Error && /queue is at limit|no task queue available/i.test(e.message)) throw new ApiError(503, PDF_BUSY_MESSAGE);
      throw new Error(`The PDF could not be made: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    } finally {
      this.#inFlight--;
    }
  }

  /** Stops the workers (a finished test's pool; the server's own idles out unreferenced). */
  close(): Promise<void> {
    return this.#pool.destroy();
  }
}

let shared: PdfPool | undefined;

/** The bytes of a document, rendered in the server's one pool (PDF_POOL). */
export function renderPdf<P extends object>(module: URL, component: string, props: P): Promise<Buffer> {
  return (shared ??= new PdfPool(PDF_POOL)).render(module, component, props);
}

export const readShopHeader = (db: Db): Promise<ShopHeader> => readShop(db);

/** `attachment` (the browser saves it under this name), with a plain and a UTF-8 file name. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file name from a document's title: no path separators nor control characters. */
export const pdfFileName = (title: string): string =>
  `${
    title
      .replace(/[\\/:*?"<>|\x00-\x1f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Document'
  }.pdf`;

/** Answers a made PDF: not cached (it is made from the records as they are now). */
export function sendPdf(reply: FastifyReply, bytes: Buffer, fileName: string): FastifyReply {
  return reply
    .type(PDF_MEDIA_TYPE)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
