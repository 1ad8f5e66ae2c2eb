/**
 * Files and images (docs/platform.md, Files and images): multipart uploads and the authenticated
 * downloads. The uploads' paths are also the resources' generic create and store_many, which
 * still take the JSON forms (a data URL per image); the OpenAPI document shows both bodies.
 */
import { z } from 'zod';
import { recordRead } from '../resources/read-schema.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

const optionalId = z.string().regex(/^\d*$/).optional();

export const uploadFile = defineAction({
  name: 'files.upload',
  summary: 'Uploads a PDF (multipart: `file`, with description, job_id or estimate_id).',
  method: 'POST',
  path: '/api/files',
  answer: recordRead('files'),
  permission: { action: 'edit', area: 'jobs' },
  status: 201,
  upload: {
    fields: z.object({ description: z.string().optional(), job_id: optionalId, estimate_id: optionalId, show_on_job: z.enum(['true', 'false']).optional() }),
    files: 'one',
  },
});

export const downloadFile = defineAction({
  name: 'files.download',
  summary: "A file's PDF, to a caller who may read the file.",
  method: 'GET',
  path: '/api/files/:id/download',
  params: z.object({ id: ID_PARAM }),
  answer: z.string(),
  permission: 'signed_in',
  download: 'application/pdf',
});

const imageFields = z.object({ description: z.string().optional(), job_id: optionalId, estimate_id: optionalId });

export const uploadImage = defineAction({
  name: 'images.upload',
  summary: 'Uploads one image (multipart: `file`, with description, job_id or estimate_id).',
  method: 'POST',
  path: '/api/images',
  answer: recordRead('images'),
  permission: { action: 'edit', area: 'images' },
  status: 201,
  upload: { fields: imageFields, files: 'one' },
});

export const uploadImages = defineAction({
  name: 'images.upload_many',
  summary: 'Uploads up to five images (multipart: a `file` and a `description` each, in order).',
  method: 'POST',
  path: '/api/images/store_many',
  answer: z.object({ data: z.array(recordRead('images')) }),
  // Others may send small JSON bodies (their own images' edits); the upload route checks sizes.
  permission: 'signed_in',
  upload: { fields: imageFields, files: 'many' },
});

export const uploadJobImage = defineAction({
  name: 'job_images.upload',
  summary: "Uploads one of a job's images (multipart, as images.upload).",
  method: 'POST',
  path: '/api/job_images',
  answer: recordRead('job_images'),
  permission: { action: 'edit', area: 'images' },
  status: 201,
  upload: { fields: imageFields, files: 'one' },
});

export const uploadJobImages = defineAction({
  name: 'job_images.upload_many',
  summary: "Uploads up to five of a job's images (multipart, as images.upload_many).",
  method: 'POST',
  path: '/api/job_images/store_many',
  answer: z.object({ data: z.array(recordRead('job_images')) }),
  permission: 'signed_in',
  upload: { fields: imageFields, files: 'many' },
});

export const imageContent = defineAction({
  name: 'images.content',
  summary: "An image's full size or thumbnail, to a caller who may read the image.",
  method: 'GET',
  path: '/api/images/:id/:size',
  params: z.object({ id: ID_PARAM, size: z.enum(['full', 'thumb']) }),
  answer: z.string(),
  permission: 'signed_in',
  download: 'image/*',
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const ATTACHMENT_ACTIONS = actionMap({
  'files.upload': uploadFile,
  'files.download': downloadFile,
  'images.upload': uploadImage,
  'images.upload_many': uploadImages,
  'job_images.upload': uploadJobImage,
  'job_images.upload_many': uploadJobImages,
  'images.content': imageContent,
});
