import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http.ts';
import {
  COMPRESS_OVER_BYTES,
  defaultImageDescription,
  fitWithin,
  inBatches,
  needsCompression,
  notImagesMessage,
  refusedIndexes,
  sendInBatches,
  type ImageToSend,
} from './image-upload.ts';

const img = (name: string, size = 100): ImageToSend => ({ file: new File([new Uint8Array(size)], name, { type: 'image/jpeg' }), description: name });

describe('adding images (docs/platform.md, Files and images)', () => {
  it('compresses only images over 512 000 bytes', () => {
    expect(COMPRESS_OVER_BYTES).toBe(512_000);
    expect(needsCompression({ size: 512_000 })).toBe(false);
    expect(needsCompression({ size: 512_001 })).toBe(true);
  });

  it('draws a big picture at most 1000 px on its longest side, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1000, height: 750 });
    expect(fitWithin(1200, 3600)).toEqual({ width: 333, height: 1000 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('names images image-{index} and says which files are not images', () => {
    expect(defaultImageDescription(3)).toBe('image-3');
    expect(notImagesMessage(['a.txt', 'b.pdf'])).toBe('The following files failed to upload because they are not images: a.txt, b.pdf');
  });

  it('cuts the list into batches of 5', () => {
    expect(inBatches([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).map((b) => b.length)).toEqual([5, 5, 2]);
    expect(inBatches([])).toEqual([]);
  });

  it('reads the refused files of a batch from the server’s field errors', () => {
    expect(refusedIndexes({ 'data.1.file': ['x'], 'data.3.file': ['y'], description: ['z'] }, 4)).toEqual([1, 3]);
    expect(refusedIndexes({ file: ['x'] }, 1)).toEqual([0]);
    expect(refusedIndexes(undefined, 3)).toEqual([]);
  });

  it('sends batches of 5 with rising progress, and sends a refused batch again without its non-images', async () => {
    const images = Array.from({ length: 7 }, (_, i) => img(`p${i}.jpg`));
    const sent: string[][] = [];
    const progress: number[] = [];
    const result = await sendInBatches(
      images,
      async (batch, onProgress) => {
        const names = batch.map((b) => b.file.name);
        if (names.includes('p1.jpg')) {
          throw new HttpError(422, { message: 'invalid', errors: { 'data.1.file': ['p1.jpg is not an image.'] } });
        }
        onProgress(0.5);
        sent.push(names);
      },
      (f) => progress.push(f),
      (e, batch) => (e instanceof HttpError ? refusedIndexes(e.body?.errors, batch.length) : []),
    );
    expect(sent).toEqual([
      ['p0.jpg', 'p2.jpg', 'p3.jpg', 'p4.jpg'],
      ['p5.jpg', 'p6.jpg'],
    ]);
    expect(result).toEqual({ sent: 6, notImages: ['p1.jpg'] });
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('stops on any other failure', async () => {
    await expect(sendInBatches([img('a.jpg')], async () => Promise.reject(new HttpError(500, null)))).rejects.toBeInstanceOf(HttpError);
  });
});
