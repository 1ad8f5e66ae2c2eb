/**
 * The estimate as a PDF (docs/domain/estimating.md, The estimate as a PDF), for any status:
 * `renderEstimatePdf(ctx, id)` reads the estimate as printed as the caller may (amounts only with
 * `edit estimates_admin`; 404 for a missing estimate, 403 without `view estimates`) and has it
 * rendered in the PDF worker (platform/documents/pdf-render.ts). What the download action answers
 * and what an email to the client attaches; the ctx's db may be a transaction's.
 */
import { sql } from 'drizzle-orm';
import { APPROVAL_LINK_DAYS } from '@glazier/shared/actions/estimating';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlSelect } from '../../db/typed-sql.ts';
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

/**
 * What the client's approval says on the PDF (docs/domain/estimating.md, The estimate as a PDF):
 * until when an open estimate's offer stands, i.e. while the client may accept it: its newest
 * usable approval link's expiry, else a new link's life from now (what the link of a send today
 * says); and the online acceptance of a won one, by whom and when (else the paper's signature lines).
 */
async function approvalOnPdf(
  ctx: Ctx,
  estimate: RecordWithRelations<'estimates'>,
  sending: boolean,
): Promise<Pick<EstimatePdfProps, 'validUntil' | 'accepted'>> {
  const [row] = await sqlSelect(
    ctx.db,
    { until: 'timestamp', accepted_name: 'text?', accepted_at: 'timestamp?' },
    sql`SELECT (SELECT coalesce(max(expires_at), now() + make_interval(days => ${APPROVAL_LINK_DAYS})) FROM estimate_approvals
                 WHERE estimate_id = ${estimate.id} AND revoked_at IS NULL AND accepted_at IS NULL AND declined_at IS NULL AND expires_at > now()
                   AND NOT ${sending}) AS until,
               a.accepted_name, a.accepted_at
          FROM (SELECT 1) one
          LEFT JOIN LATERAL (SELECT accepted_name, accepted_at FROM estimate_approvals WHERE estimate_id = ${estimate.id} AND accepted_at IS NOT NULL
                              ORDER BY accepted_at DESC LIMIT 1) a ON true`,
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return {
    validUntil: estimate.status === 'open' ? iso(row!.until) : null,
    accepted: estimate.status === 'won' && row!.accepted_at ? { by: row!.accepted_name ?? '', at: iso(row!.accepted_at) } : null,
  };
}

/** `sending`: the PDF a send attaches, made before its new link exists: the offer stands as long as that link (a new link's life from now). */
export async function renderEstimatePdf(ctx: Ctx, estimateId: number, { sending = false } = {}): Promise<EstimatePdf> {
  const { doc, estimate } = await readEstimateDocument(ctx, estimateId);
  const title = estimateTitle(estimate);
  const props: EstimatePdfProps = {
    doc,
    title,
    draft: (estimate.status ?? 'draft') === 'draft',
    revision: estimate.revision ?? 0,
    // the first revision's id: every revision of an estimate keeps its number
    number: String(estimate.revision_root_id ?? estimate.id),
    ...(await approvalOnPdf(ctx, estimate, sending)),
  };
  const bytes = await renderPdf(new URL('./estimate-pdf-document.tsx', import.meta.url), 'EstimatePdfDocument', props);
  return { bytes, fileName: pdfFileName(title) };
}
