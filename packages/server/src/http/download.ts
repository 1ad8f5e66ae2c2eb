/**
 * Sends a named action's download (engine/action-handler.ts `Download`: a PDF, a file or image
 * content, a calendar feed): its media type, never sniffed; its name (saved as an attachment, or
 * opened inline); how it may be kept, and for one asked for again each time (`revalidate`) its
 * ETag, answering 304 without the bytes when the caller has that one. A public download (a
 * calendar feed's token) is kept out of search engines.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Download } from '../engine/action-handler.ts';
import { attachmentDisposition } from '../platform/documents/pdf-render.ts';

/** `inline` (the browser shows it: "open in a new tab"), with a plain and a UTF-8 file name. */
function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function sendDownload(request: FastifyRequest, reply: FastifyReply, download: Download, opts: { isPublic: boolean }): FastifyReply {
  reply
    .header('content-type', download.type)
    .header('content-disposition', download.disposition === 'attachment' ? attachmentDisposition(download.fileName) : inlineDisposition(download.fileName))
    .header('cache-control', download.cache === 'no-store' ? 'private, no-store' : 'private, no-cache')
    .header('x-content-type-options', 'nosniff');
  if (opts.isPublic) reply.header('x-robots-tag', 'noindex');
  if (download.etag) {
    reply.header('etag', download.etag);
    if (request.headers['if-none-match'] === download.etag) return reply.status(304).send();
  }
  return reply.status(200).send(download.bytes);
}
