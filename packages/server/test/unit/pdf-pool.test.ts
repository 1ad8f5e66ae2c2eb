/**
 * The PDF pool (platform/documents/pdf-render.ts) never leaves a request hanging: a document past
 * its deadline answers 504 and its worker is stopped (the next document gets a new one), and a
 * document beyond the queue's bound answers 503 at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/engine/errors.ts';
import { PDF_BUSY_MESSAGE, PDF_TIMEOUT_MESSAGE, PdfPool } from '../../src/platform/documents/pdf-render.ts';

const DOCS = new URL('./fixtures/test-pdf-documents.ts', import.meta.url);
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof ApiError ? e.status : 500),
  );

let pool: PdfPool | undefined;
afterEach(async () => {
  await pool?.close();
});

// a cold worker loads the PDF renderer first: seconds on a busy machine
describe('the PDF pool', { timeout: 60_000 }, () => {
  it('renders a document', async () => {
    pool = new PdfPool({ workers: 1, maxQueue: 2, timeoutMs: 60_000 });
    const bytes = await pool.render(DOCS, 'HelloPdfDocument', { text: 'Hello' });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 504 for a document past its deadline, and the next document still renders', async () => {
    pool = new PdfPool({ workers: 1, maxQueue: 2, timeoutMs: 60_000 });
    const stuck = pool.render(DOCS, 'StuckPdfDocument', {}, { timeoutMs: 2_000 });
    await expect(stuck).rejects.toThrow(PDF_TIMEOUT_MESSAGE);
    expect(await statusOf(stuck)).toBe(504);
    // the stopped worker is replaced
    const bytes = await pool.render(DOCS, 'HelloPdfDocument', { text: 'after' });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 503 at once for a document beyond the full queue, and every document settles', async () => {
    pool = new PdfPool({ workers: 1, maxQueue: 1, timeoutMs: 2_000 });
    const accepted = [pool.render(DOCS, 'StuckPdfDocument', {}), pool.render(DOCS, 'StuckPdfDocument', {})];
    const refused = pool.render(DOCS, 'StuckPdfDocument', {});
    await expect(refused).rejects.toThrow(PDF_BUSY_MESSAGE);
    expect(await statusOf(refused)).toBe(503);
    // one ran, one waited: each stopped at its deadline, none hangs
    expect(await Promise.all(accepted.map(statusOf))).toEqual([504, 504]);
  });
});
