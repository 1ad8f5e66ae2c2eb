/** Jobs' named actions (shared/actions/jobs.ts). */
import type { JOBS_ACTIONS } from '@glazier/shared/actions/jobs';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { duplicateJob } from './duplicate-job.ts';

export const jobsHandlers: ActionHandlers<typeof JOBS_ACTIONS> = {
  'jobs.duplicate': ({ ctx, params, input }) => duplicateJob({ ctx, id: params.id, body: input }),
};
