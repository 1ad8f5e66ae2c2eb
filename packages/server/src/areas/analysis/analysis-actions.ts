/** Analysis's and forecasting's named actions (shared/actions/analysis.ts), each to its report in this folder. */
import type { ANALYSIS_ACTIONS } from '@glazier/shared/actions/analysis';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { analysisCalibrationReport } from './calibration.ts';
import { analysisEstimatesReport } from './estimate-wins.ts';
import { forecastReport } from './forecast.ts';
import { analysisJobsReport } from './job-profit.ts';
import { analysisLabourReport } from './labour.ts';

export const analysisHandlers: ActionHandlers<typeof ANALYSIS_ACTIONS> = {
  'analysis.jobs': ({ ctx, input }) => analysisJobsReport({ ctx, input }),
  'analysis.estimates': ({ ctx, input }) => analysisEstimatesReport({ ctx, input }),
  'analysis.labour': ({ ctx, input }) => analysisLabourReport({ ctx, input }),
  'analysis.calibration': ({ ctx, input }) => analysisCalibrationReport({ ctx, input }),
  'forecasting.weeks': ({ ctx, input }) => forecastReport({ ctx, input }),
};
