import type { Row } from '../../db/client.ts';
import type { Hooks } from '../../engine/server-resource.ts';
import { invalid } from '../../engine/errors.ts';
import { dataUrlBytes, prepareImage, putBlob, sweepBlobs } from './stored-files.ts';
import type { PreparedUpload } from '../../engine/context.ts';
import { createdByHooks, imagesHooks } from './ownership.ts';

const sweep: Hooks['afterDelete'] = ({ ctx }) => sweepBlobs(ctx);
const sweepOwn: Hooks['afterDelete'] = ({ ctx, existing }) => sweepBlobs(ctx, [existing.sha256, existing.thumb_sha256]);

export const fileUrl = (id: unknown) => `/api/files/${id}/download`;
export const imageUrl = (id: unknown, size: 'full' | 'thumb') => `/api/images/${id}/${size}`;

/** Files: a PDF from the request's multipart upload (http/file-routes.ts), stored as a blob. */
export const filesHooks: Hooks = {
  ...createdByHooks,
  async beforeSave(args) {
    await createdByHooks.beforeSave!(args);
    const { ctx, values, existing } = args;
    if (existing) return; // description and links only: the PDF of a file never changes
    const upload = ctx.upload;
    if (!upload || upload.main.mime !== 'application/pdf') throw invalid({ file: ['Choose a PDF file.'] });
    await putBlob(ctx, upload.main);
    Object.assign(values, { sha256: upload.main.sha256, size: upload.main.data.length, path: upload.name });
  },
  present: (_ctx, row) => (row.sha256 ? { ...row, url: fileUrl(row.id) } : row),
  afterDelete: sweepOwn,
};

/**
 * Images: from the request's multipart upload, or a data URL in `url` (the spec's bulk save), either
 * way re-encoded (stored-files.ts) into blobs; a given `url` is never stored. An update may send
 * back the record's own URL (unchanged) or a data URL (replaces the picture).
 */
export const storedImagesHooks: Hooks = {
  ...imagesHooks,
  async beforeSave(args) {
    await imagesHooks.beforeSave!(args);
    const { ctx, values, existing } = args;
    let upload: PreparedUpload | undefined = existing ? undefined : ctx.upload;
    if ('url' in values) {
      const url = values.url;
      delete values.url;
      const bytes = typeof url === 'string' ? dataUrlBytes(url) : undefined;
      if (bytes) upload = await prepareImage(typeof values.description === 'string' && values.description ? values.description : 'The image', bytes, 'url');
      else if (url && !(existing && (url === existing.url || url === imageUrl(existing.id, 'full'))))
        throw invalid({ url: ['Send the image itself: a file or a data URL.'] });
    }
    if (!existing && !upload) throw invalid({ file: ['Choose an image.'] });
    if (!upload) return;
    await putBlob(ctx, upload.main);
    if (upload.thumb) await putBlob(ctx, upload.thumb);
    Object.assign(values, { url: null, sha256: upload.main.sha256, thumb_sha256: upload.thumb?.sha256 ?? upload.main.sha256, size: upload.main.data.length });
  },
  async afterSave({ ctx, record, existing }) {
    if (existing && existing.sha256 !== record.sha256) await sweepBlobs(ctx, [existing.sha256, existing.thumb_sha256]); // a replaced picture
  },
  present(ctx, row) {
    const out: Row = imagesHooks.present ? imagesHooks.present(ctx, row) : row;
    return out.sha256 ? { ...out, url: imageUrl(out.id, 'full'), thumb_url: imageUrl(out.id, 'thumb') } : { ...out, thumb_url: out.url ?? null };
  },
  afterDelete: sweepOwn,
};

export const sweepBlobsAfterDelete: Hooks = { afterDelete: sweep };
