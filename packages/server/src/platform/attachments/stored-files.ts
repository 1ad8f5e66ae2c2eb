/**
 * Files and images (docs/platform.md, Files and images): contents live in the `blobs` table, addressed
 * by their sha256, so several app servers and one backup hold them. An upload is checked by its
 * bytes, never by its name or declared type: files are PDFs only; images are decoded and
 * re-encoded by sharp, which drops EXIF (GPS included) and anything hidden after the picture, with
 * a 320 px thumbnail kept beside.
 */
import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { BlobContent, Ctx, PreparedUpload } from '../../engine/context.ts';
import { invalid } from '../../engine/errors.ts';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Images sent at once (docs/platform.md, Files and images: 5 at once). */
export const MAX_IMAGES_PER_UPLOAD = 5;
/** The longest side of a stored image; the browser already shrinks big photos to 1000 px. */
export const IMAGE_MAX_SIDE = 2560;
export const THUMB_SIDE = 320;
/** Decoding bigger pictures than this (48 MP phones fit) could exhaust memory: refused. */
const MAX_INPUT_PIXELS = 60_000_000;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif', 'image/tiff', 'image/bmp']);

const blob = (mime: string, data: Buffer): BlobContent => ({ sha256: crypto.createHash('sha256').update(data).digest('hex'), mime, data });

/** A name safe to show and to send back in Content-Disposition: no path, no control characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return clean || fallback;
}

/** A PDF, known by its bytes (a renamed picture is not one), at most 20 MB. */
export async function preparePdf(name: string, data: Buffer, field = 'file'): Promise<PreparedUpload> {
  if (!data.length) throw invalid({ [field]: ['Choose a PDF file.'] });
  if (data.length > MAX_FILE_BYTES) throw invalid({ [field]: ['The file is larger than 20 MB.'] });
  const type = await fileTypeFromBuffer(data);
  if (type?.mime !== 'application/pdf') throw invalid({ [field]: ['Only PDF files can be uploaded.'] });
  return { name: cleanFileName(name, 'file.pdf'), main: blob('application/pdf', data) };
}

/**
 * An image, known by its bytes, decoded and re-encoded: turned upright by its EXIF orientation,
 * then stored without any metadata as JPEG (PNG when it has transparency), at most 2560 px, with a
 * 320 px JPEG thumbnail.
 */
export async function prepareImage(name: string, data: Buffer, field = 'file'): Promise<PreparedUpload> {
  const notImage = () => invalid({ [field]: [`${cleanFileName(name, 'The file')} is not an image.`] });
  if (!data.length) throw notImage();
  if (data.length > MAX_IMAGE_BYTES) throw invalid({ [field]: ['The image is larger than 20 MB.'] });
  const type = await fileTypeFromBuffer(data);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw notImage();
  try {
    const input = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
    const { hasAlpha } = await input.metadata();
    const resized = input.resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const main = hasAlpha
      ? blob('image/png', await resized.clone().png().toBuffer())
      : blob('image/jpeg', await resized.clone().jpeg({ quality: 85, mozjpeg: true }).toBuffer());
    const thumb = await sharp(main.data)
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return { name: cleanFileName(name, 'image'), main, thumb: blob('image/jpeg', thumb) };
  } catch {
    throw notImage();
  }
}

/** `data:image/...;base64,...` (the spec's image bulk save) → its bytes, or undefined. */
export function dataUrlBytes(url: string): Buffer | undefined {
  const m = /^data:[^,;]*(;[^,;]*)*;base64,/i.exec(url.slice(0, 200));
  return m ? Buffer.from(url.slice(m[0].length), 'base64') : undefined;
}

// Contents cross the driver as base64 text: PGlite takes a 20 MB bytea parameter in ≈ 37 s and
// returns it in ≈ 7 s, base64 in ≈ 3 s and ≈ 1.5 s (measured here); node-postgres is fine either way.

/**
 * Stores a content once (the same bytes uploaded twice share one row). The update on conflict
 * locks an existing row, so a concurrent sweep waits for this transaction instead of removing a
 * content it is about to use.
 */
export async function putBlob(ctx: Ctx, content: BlobContent): Promise<void> {
  await ctx.db.query(
    `INSERT INTO blobs (sha256, mime, size, data) VALUES ($1, $2, $3, decode($4, 'base64'))
     ON CONFLICT (sha256) DO UPDATE SET size = EXCLUDED.size`,
    [content.sha256, content.mime, content.data.length, content.data.toString('base64')],
  );
}

export async function readBlob(ctx: Ctx, sha256: string): Promise<{ mime: string; data: Buffer } | undefined> {
  const [row] = await ctx.db.query<{ mime: string; data: string }>(`SELECT mime, encode(data, 'base64') AS data FROM blobs WHERE sha256 = $1`, [sha256]);
  return row ? { mime: row.mime, data: Buffer.from(row.data, 'base64') } : undefined; // (the decoder skips encode's line breaks)
}

/**
 * Removes contents no file or image holds any more: those of a deleted (or replaced) file or image
 * when given, else all (after deletes that take files and images along: a job, an estimate).
 */
export async function sweepBlobs(ctx: Ctx, only?: unknown[]): Promise<void> {
  const hashes = only?.filter((h): h is string => typeof h === 'string');
  if (hashes && !hashes.length) return;
  await ctx.db.query(
    `DELETE FROM blobs b
    WHERE ${hashes ? 'b.sha256 = ANY($1::text[]) AND' : ''} NOT EXISTS (SELECT 1 FROM files f WHERE f.sha256 = b.sha256)
      AND NOT EXISTS (SELECT 1 FROM images i WHERE i.sha256 = b.sha256)
      AND NOT EXISTS (SELECT 1 FROM images t WHERE t.thumb_sha256 = b.sha256)`,
    hashes ? [hashes] : [],
  );
}
