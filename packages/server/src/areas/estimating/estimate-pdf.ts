/**
 * The estimate as a PDF (docs/domain/estimating.md, The estimate as a PDF), for any status:
 * `renderEstimatePdf(ctx, id)` reads the estimate as printed as the caller may (amounts only with
 * `edit estimates_admin`; 404 for a missing estimate, 403 without `view estimates`) and has it
 * rendered in the PDF worker (platform/documents/pdf-render.ts). What the download action answers
 * and what an email to the client attaches; the ctx's db may be a transaction's.
 */
import type { Ctx } from '../../engine/context.ts';
import { pdfFileName, renderPdf } from '../../platform/documents/pdf-render.ts';
import type { EstimatePdfProps } from './estimate-pdf-document.tsx';
import { readEstimateDocument } from './estimate-document.ts';

export interface EstimatePdf {
  bytes: Buffer;
  /** e.g. `Estimate Harbor Dental suite.pdf` (with ` rev 2` for a later revision). */
  fileName: string;
}

/** What the document's own title says: the estimate's name, and its revision after the first. */
export const estimateTitle = (e: { name?: string | null; revision?: number | null }) => `Estimate ${e.name ?? ''}${e.revision ? ` rev ${e.revision}` : ''}`;

export async function renderEstimatePdf(ctx: Ctx, estimateId: number): Promise<EstimatePdf> {
  const { doc, estimate } = await readEstimateDocument(ctx, estimateId);
  const title = estimateTitle(estimate);
  const props: EstimatePdfProps = { doc, title, draft: (estimate.status ?? 'draft') === 'draft', revision: estimate.revision ?? 0 };
  const bytes = await renderPdf(new URL('./estimate-pdf-document.tsx', import.meta.url), 'EstimatePdfDocument', props);
  return { bytes, fileName: pdfFileName(title) };
}
