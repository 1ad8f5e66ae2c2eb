/** Estimating's named actions (shared/actions/estimating.ts), each to its rule in this folder. */
import type { ESTIMATING_ACTIONS } from '@glazier/shared/actions/estimating';
import { savedFile, type ActionHandlers } from '../../engine/action-handler.ts';
import { acceptApproval, createApprovalLink, declineApproval, listApprovalLinks, revokeApprovalLink, showApproval } from './estimate-approvals.ts';
import { convertEstimate, proposedJobNumber } from './convert-estimate.ts';
import { renderEstimatePdf } from './estimate-pdf.ts';
import { setEstimateStatus } from './estimate-status.ts';
import { PDF_MEDIA_TYPE } from '../../platform/documents/pdf-render.ts';
import { estimateItemsFromTakeoff } from './items-from-takeoff.ts';
import { reviseEstimate } from './revise-estimate.ts';
import { sendEstimateToClient } from './send-estimate.ts';

export const estimatingHandlers: ActionHandlers<typeof ESTIMATING_ACTIONS> = {
  'estimates.status': async ({ ctx, params, input }) => ({ data: await setEstimateStatus({ ctx, id: params.id, status: input.status }) }),
  'estimates.items_from_takeoff': ({ ctx, params }) => estimateItemsFromTakeoff({ ctx, id: params.id }),
  'estimates.convert': async ({ ctx, params, input }) => ({ data: await convertEstimate({ ctx, id: params.id, jobNumber: input.job_number }) }),
  'estimates.job_number': async ({ ctx, params }) => ({ data: { number: await proposedJobNumber({ ctx, id: params.id }) } }),
  'estimates.revise': async ({ ctx, params }) => ({ data: await reviseEstimate({ ctx, id: params.id }) }),
  'estimates.send': ({ ctx, params, input }) => sendEstimateToClient({ ctx, id: params.id, mail: input }),
  'estimates.pdf': async ({ ctx, params }) => {
    const pdf = await renderEstimatePdf(ctx, params.id);
    return savedFile(pdf.bytes, PDF_MEDIA_TYPE, pdf.fileName);
  },
  'estimates.approval_links': async ({ ctx, params }) => ({ data: await listApprovalLinks(ctx, params.id) }),
  'estimates.create_approval_link': ({ ctx, params, input, caller }) => createApprovalLink(ctx, params.id, input.days, caller.origin),
  'estimate_approvals.revoke': async ({ ctx, params }) => ({ data: await revokeApprovalLink(ctx, params.id) }),
  // public: no session; the token is the check
  'approvals.show': ({ ctx, params }) => showApproval(ctx.db, params.token),
  'approvals.accept': ({ ctx, params, input, caller }) =>
    acceptApproval({ db: ctx.db, token: params.token, name: input.name, alternates: input.alternate_categories, ip: caller.ip, mail: ctx.mail }),
  'approvals.decline': ({ ctx, params, input }) => declineApproval({ db: ctx.db, token: params.token, name: input.name, reason: input.reason, mail: ctx.mail }),
};
