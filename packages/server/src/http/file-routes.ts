/**
 * Files and images over HTTP (docs/platform.md, Files and images): the handlers of their actions
 * (shared/actions/attachments.ts), multipart uploads on the raised body limit of `uploadRoute`,
 * and the authenticated downloads. The JSON forms of the same calls
 * (a file record without its PDF is refused; images as data URLs, the spec's bulk save) go to the
 * generic engine.
 */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ATTACHMENT_ACTIONS } from '@glazier/shared/actions/attachments';
import type { Db, Row } from '../db/client.ts';
import { getRow } from '../engine/read.ts';
import { create, storeMany } from '../engine/write.ts';
import { ApiError, invalid, notFound } from '../engine/errors.ts';
import { createWithUploads } from '../platform/attachments/upload-records.ts';
import { MAX_FILE_BYTES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD, preparePdf, prepareImage, readBlob } from '../platform/attachments/stored-files.ts';
import type { Ctx, PreparedUpload } from '../engine/context.ts';
import type { ActionHandlers, Download } from '../engine/action-handler.ts';
import { uploadRoute } from './uploads.ts';

interface Multipart {
  fields: Record<string, string[]>;
  files: { filename: string; data: Buffer }[];
}

const MB = 1024 * 1024;

/** Reads a multipart body into memory within its limits; a malformed or oversized one is a 4xx. */
async function readMultipart(request: FastifyRequest, limits: { files: number; fileSize: number }): Promise<Multipart> {
  const out: Multipart = { fields: {}, files: [] };
  try {
    for await (const part of request.parts({ limits: { ...limits, fields: 30, fieldSize: 64 * 1024, parts: 40, headerPairs: 100 } })) {
      if (part.type === 'file') out.files.push({ filename: part.filename, data: await part.toBuffer() });
      else (out.fields[part.fieldname] ??= []).push(String(part.value ?? ''));
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `The file is larger than ${limits.fileSize / MB} MB.`);
    if (code === 'FST_FILES_LIMIT') throw new ApiError(413, `At most ${limits.files} file${limits.files > 1 ? 's' : ''} at once.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiError(413, 'The form has too many fields.');
    if (e instanceof ApiError) throw e;
    throw new ApiError(400, 'The upload could not be read.');
  }
  return out;
}

/** The record fields of a form: each field's first value (the n-th for per-file fields). */
function formBody(fields: Record<string, string[]>, index = 0, perFile: readonly string[] = []): Row {
  const body: Row = {};
  for (const [k, values] of Object.entries(fields)) body[k] = perFile.includes(k) ? (values[index] ?? null) : values[0];
  return body;
}

/** A stored content, to a caller who may read its record: shown inline, never sniffed, revalidated by its hash (download.ts). */
async function blobDownload(ctx: Ctx, sha256: unknown, name: (mime: string) => string): Promise<Download> {
  if (typeof sha256 !== 'string') throw notFound('File');
  const blob = await readBlob(ctx, sha256);
  if (!blob) throw notFound('File');
  return { bytes: blob.data, type: blob.mime, fileName: name(blob.mime), disposition: 'inline', cache: 'revalidate', etag: `"${sha256}"` };
}

/** Route options of the uploads: the raised body limit, checked before a byte of the body is read (uploads.ts). */
export function attachmentRouteOptions(db: Db): Partial<Record<keyof typeof ATTACHMENT_ACTIONS, RouteShorthandOptions>> {
  return {
    'files.upload': uploadRoute(db, 'jobs', MAX_FILE_BYTES + MB),
    'images.upload': uploadRoute(db, 'images', MAX_IMAGE_BYTES + MB),
    'job_images.upload': uploadRoute(db, 'images', MAX_IMAGE_BYTES + MB),
    'images.upload_many': uploadRoute(db, 'images', undefined, { others: 'small' }),
    'job_images.upload_many': uploadRoute(db, 'images', undefined, { others: 'small' }),
  };
}

/** Images: every file of a form prepared, or one 422 that names each file that is not an image. */
async function prepareImages(form: Multipart): Promise<PreparedUpload[]> {
  const out: PreparedUpload[] = [];
  const errors: Record<string, string[]> = {};
  for (const [i, f] of form.files.entries()) {
    try {
      out.push(await prepareImage(f.filename, f.data));
    } catch (e) {
      if (!(e instanceof ApiError) || !e.errors) throw e;
      errors[form.files.length > 1 ? `data.${i}.file` : 'file'] = e.errors.file ?? [e.message];
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

/** One image (`POST /api/images`, `/api/job_images`), or its JSON form (a data URL) through the generic create. */
function uploadOneImage(resource: 'images' | 'job_images') {
  return async ({ ctx, request }: { ctx: Ctx; request: FastifyRequest }) => {
    if (!request.isMultipart()) return create(ctx, resource, request.body);
    const form = await readMultipart(request, { files: 1, fileSize: MAX_IMAGE_BYTES });
    if (!form.files.length) throw invalid({ file: ['Please select at least one image.'] });
    const [upload] = await prepareImages(form);
    const [record] = await createWithUploads(ctx, resource, [{ body: formBody(form.fields), upload: upload! }]);
    return record!;
  };
}

/** A batch of up to five (a `description` per file, in order), or the JSON form through the generic store_many. */
function uploadManyImages(resource: 'images' | 'job_images') {
  return async ({ ctx, request }: { ctx: Ctx; request: FastifyRequest }) => {
    if (!request.isMultipart()) return storeMany(ctx, resource, request.body);
    const form = await readMultipart(request, { files: MAX_IMAGES_PER_UPLOAD, fileSize: MAX_IMAGE_BYTES });
    if (!form.files.length) throw invalid({ file: ['Please select at least one image.'] });
    const uploads = await prepareImages(form);
    const items = uploads.map((upload, i) => ({ body: formBody(form.fields, i, ['description']), upload }));
    return { data: await createWithUploads(ctx, resource, items) };
  };
}

/** The files and images actions (shared/actions/attachments.ts). */
export const attachmentHandlers: ActionHandlers<typeof ATTACHMENT_ACTIONS> = {
  // Files: one PDF with description, job_id, estimate_id (docs/platform.md, Files and images); or the JSON form (refused without its PDF).
  'files.upload': async ({ ctx, request }) => {
    if (!request.isMultipart()) return create(ctx, 'files', request.body);
    const form = await readMultipart(request, { files: 1, fileSize: MAX_FILE_BYTES });
    const file = form.files[0];
    if (!file) throw invalid({ file: ['Choose a PDF file.'] });
    const upload = await preparePdf(file.filename, file.data);
    const [record] = await createWithUploads(ctx, 'files', [{ body: formBody(form.fields), upload }]);
    return record!;
  },
  'files.download': async ({ ctx, params }) => {
    const file = await getRow(ctx, 'files', params.id);
    return blobDownload(ctx, file.sha256, () => String(file.path ?? 'file.pdf'));
  },
  'images.upload': uploadOneImage('images'),
  'job_images.upload': uploadOneImage('job_images'),
  'images.upload_many': uploadManyImages('images'),
  'job_images.upload_many': uploadManyImages('job_images'),
  'images.content': async ({ ctx, params: { id, size } }) => {
    const image = await getRow(ctx, 'images', id);
    const sha = size === 'full' ? image.sha256 : image.thumb_sha256;
    return blobDownload(ctx, sha, (mime) => `image-${image.id}${size === 'thumb' ? '-thumb' : ''}.${mime === 'image/png' ? 'png' : 'jpg'}`);
  },
};
