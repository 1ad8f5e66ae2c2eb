/**
 * Making a PDF off the event loop (issue 36): laying out a long document is tens to hundreds of
 * milliseconds of CPU (a 200-item estimate: bench/README.md, PDF), which on the main thread would
 * hold every other request that long. A small pool of worker threads (pdf-worker.mjs) renders a
 * document component of a module (`renderPdf(new URL('./x-pdf-document.tsx', import.meta.url),
 * 'XPdfDocument', props)`) from plain props the area has read; the main thread only reads the
 * records and sends the bytes. Workers start on the first document and stay, unreferenced, so an
 * idle server or a finished test exits. A worker that dies fails only its own documents and is
 * replaced on the next.
 *
 * Also here: the shop's header from Settings, a document's file name, and the answer that sends it.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyReply } from 'fastify';
import { SETTING } from '@glazier/shared/settings';
import type { Db } from '../../db/client.ts';
import { readSetting } from '../settings.ts';
import type { ShopHeader } from './pdf-kit.tsx';

export const PDF_MEDIA_TYPE = 'application/pdf';

/** Workers at most: one core left to the server's requests and the database (PGlite's own worker). */
export const PDF_WORKERS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

interface Job {
  id: number;
  resolve: (bytes: Buffer) => void;
  reject: (e: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, Job>;
}

const pool: PoolWorker[] = [];
let nextId = 1;

function startWorker(): PoolWorker {
  // React's production build unless told otherwise (the server sets no NODE_ENV): its development
  // build's checks cost some 10-20 % of a long document's render, and a worker's warnings go nowhere.
  const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), { env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } });
  worker.unref();
  const entry: PoolWorker = { worker, jobs: new Map() };
  worker.on('message', (m: { id: number; bytes?: Uint8Array; error?: string }) => {
    const job = entry.jobs.get(m.id);
    if (!job) return;
    entry.jobs.delete(m.id);
    if (m.bytes) job.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
    else job.reject(new Error(`The PDF could not be made: ${m.error ?? 'no answer'}`));
  });
  const fail = (e: Error) => {
    const i = pool.indexOf(entry);
    if (i >= 0) pool.splice(i, 1);
    for (const job of entry.jobs.values()) job.reject(e);
    entry.jobs.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The PDF worker stopped (exit code ${code}).`)));
  pool.push(entry);
  return entry;
}

/** The least busy worker, or a new one while the pool has room and every worker is busy. */
function pickWorker(): PoolWorker {
  const idle = pool.find((w) => w.jobs.size === 0);
  if (idle) return idle;
  if (pool.length < PDF_WORKERS) return startWorker();
  return pool.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
}

/** The bytes of `component` (a named export of `module`, a .tsx file) rendered with `props` (plain, cloneable data). */
export function renderPdf<P extends object>(module: URL, component: string, props: P): Promise<Buffer> {
  const entry = pickWorker();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    entry.jobs.set(id, { id, resolve, reject });
    entry.worker.postMessage({ id, module: module.href, component, props });
  });
}

export async function readShopHeader(db: Db): Promise<ShopHeader> {
  const [name, details] = await Promise.all([readSetting(db, SETTING.companyName), readSetting(db, SETTING.companyDetails)]);
  return { name: name ?? '', details: details ?? '' };
}

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
