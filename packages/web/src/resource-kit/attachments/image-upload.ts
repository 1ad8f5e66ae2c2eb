/**
 * Adding images (docs/platform.md, Files and images): images over 512 000 bytes are shrunk in the browser to at most
 * 1000 px at JPEG quality 0.9, then sent in batches of 5; a file that is not an image is named in
 * the spec's message and the others still go.
 */
export const COMPRESS_OVER_BYTES = 512_000;
export const COMPRESSED_MAX_SIDE = 1000;
export const COMPRESSED_JPEG_QUALITY = 0.9;
export const IMAGES_PER_BATCH = 5;

export const NO_IMAGE_MESSAGE = 'Please select at least one image.';
export const notImagesMessage = (names: readonly string[]) => `The following files failed to upload because they are not images: ${names.join(', ')}`;

/** Default description of the n-th image chosen (1-based). */
export const defaultImageDescription = (index: number) => `image-${index}`;

export const needsCompression = (file: { size: number }) => file.size > COMPRESS_OVER_BYTES;

/** Whether the browser says it is an image (the server checks the bytes again). */
export const looksLikeImage = (file: { type: string }) => file.type.startsWith('image/');

/** The size a picture is drawn at: within `max` on its longest side, never enlarged. */
export function fitWithin(width: number, height: number, max = COMPRESSED_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function inBatches<T>(items: readonly T[], size = IMAGES_PER_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The file to send: a big image redrawn at most 1000 px as JPEG 0.9 (named `.jpg`); a small one,
 * or one the browser cannot decode or shrink, as it is (the server decides).
 */
export async function compressImage(file: File): Promise<File> {
  if (!needsCompression(file)) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#fff'; // transparency becomes white, as JPEG has none
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', COMPRESSED_JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

/** Names of the batch's files the server refused as not images (422 keys `file`, `data.{i}.file`). */
export function refusedIndexes(errors: Record<string, unknown> | undefined, count: number): number[] {
  if (!errors) return [];
  const out: number[] = [];
  for (const key of Object.keys(errors)) {
    const m = /^data\.(\d+)\.file$/.exec(key);
    if (m && Number(m[1]) < count) out.push(Number(m[1]));
    else if (key === 'file' && count === 1) out.push(0);
  }
  return out.sort((a, b) => a - b);
}

export interface ImageToSend {
  file: File;
  description: string;
}

/**
 * Sends the images in batches of 5 with `send(batch)`, reporting the fraction of bytes sent. A
 * batch the server refuses for files that are not images goes again without them; those names
 * come back in `notImages`.
 */
export async function sendInBatches(
  images: readonly ImageToSend[],
  send: (batch: ImageToSend[], onProgress: (fraction: number) => void) => Promise<void>,
  onProgress: (fraction: number) => void = () => {},
  refused: (error: unknown, batch: ImageToSend[]) => number[] = () => [],
): Promise<{ sent: number; notImages: string[] }> {
  const total = images.reduce((n, i) => n + i.file.size, 0) || 1;
  let done = 0;
  let sent = 0;
  const notImages: string[] = [];
  for (const original of inBatches(images)) {
    let batch = original;
    const bytes = batch.reduce((n, i) => n + i.file.size, 0);
    while (batch.length) {
      try {
        await send(batch, (f) => onProgress((done + f * bytes) / total));
        sent += batch.length;
        break;
      } catch (e) {
        const bad = refused(e, batch);
        if (!bad.length) throw e;
        notImages.push(...bad.map((i) => batch[i]!.file.name));
        batch = batch.filter((_, i) => !bad.includes(i));
      }
    }
    done += bytes;
    onProgress(done / total);
  }
  return { sent, notImages };
}
