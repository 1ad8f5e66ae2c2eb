/**
 * Analysis's named actions: job profitability, estimates and labour for a date range,
 * every figure aggregated in SQL on the server (areas/analysis) by the formulas of
 * rules/analysis; the screen only draws what they answer.
 */
import { z } from 'zod';
import { FORECAST_WEEKS } from '../rules/analysis/forecast.ts';
import { actionMap, defineAction } from './define.ts';

const VIEW = { action: 'view', area: 'analysis' } as const;

const DATE_MESSAGE = 'Must be a date (YYYY-MM-DD).';
const isoDate = z
  .string({ error: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), DATE_MESSAGE);

/** A range's days, first and last included. */
const RANGE = { start: isoDate, end: isoDate };
/** The end not before the start, at most ten years apart. */
function checkRange(r: { start: string; end: string }, ctx: z.RefinementCtx): void {
  if (r.end < r.start) ctx.addIssue({ code: 'custom', message: 'The end cannot be before the start.', path: ['end'] });
  else if (Date.parse(r.end) - Date.parse(r.start) > 3660 * 86_400_000) ctx.addIssue({ code: 'custom', message: 'At most ten years at once.', path: ['end'] });
}
const rangeQuery = z.object(RANGE).superRefine(checkRange);

export const JOB_GROUPINGS = ['client', 'client_type', 'scope', 'foreman', 'month'] as const;
export type JobGrouping = (typeof JOB_GROUPINGS)[number];
export const JOB_GROUPING_LABELS: Record<JobGrouping, string> = {
  client: 'Client',
  client_type: 'Client type',
  scope: 'Scope',
  foreman: 'Foreman',
  month: 'Month',
};

export const JOB_SORTS = ['end_date', 'number', 'client_name', 'revenue', 'cost', 'profit', 'margin', 'hours'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

const money = z.number();
/** A sum of jobs' money: revenue and what made up the cost. */
const moneyTotals = {
  job_count: z.number().int(),
  revenue: money,
  product_cost: money,
  hours: z.number(),
  labour_cost: money,
  additional_costs: money,
  cost: money,
  profit: money,
  /** profit ÷ revenue of the sums; null for a revenue of 0. */
  margin: z.number().nullable(),
};

export const jobProfitSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  name: z.string().nullable(),
  client_name: z.string().nullable(),
  foreman_name: z.string().nullable(),
  end_date: z.string(),
  invoice_amount: money.nullable(),
  product_revenue: money,
  additional_revenues: money,
  trip_charge: money,
  revenue: money,
  product_cost: money,
  hours: z.number(),
  /** The rate applied: the job's, else the setting's. */
  burden_rate: money,
  labour_cost: money,
  additional_costs: money,
  cost: money,
  profit: money,
  margin: z.number().nullable(),
});
export type JobProfitRow = z.output<typeof jobProfitSchema>;

/** One group of jobs: its key (an id, a scope, a month 'YYYY-MM'; null for none) and label. */
export const jobGroupSchema = z.object({ key: z.string().nullable(), label: z.string(), ...moneyTotals });
export type JobGroup = z.output<typeof jobGroupSchema>;

export const analysisJobs = defineAction({
  name: 'analysis.jobs',
  summary: 'Job profitability of the jobs ending in a range: totals, groups, months and scopes, and a page of jobs.',
  method: 'GET',
  path: '/api/analysis/jobs',
  query: z
    .object({
      ...RANGE,
      group_by: z.enum(JOB_GROUPINGS).default('client'),
      /** Only the jobs of this group (its key; `none` for the group without one). */
      group: z.string().max(100).optional(),
      sort: z.enum(JOB_SORTS).default('end_date'),
      direction: z.enum(['asc', 'desc']).default('desc'),
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(1000).default(50),
    })
    .superRefine(checkRange),
  answer: z.object({
    data: z.object({
      totals: z.object(moneyTotals),
      /** By the chosen grouping (a job of several scopes counts in each of them). */
      groups: z.array(jobGroupSchema),
      /** By month of the end date (revenue against cost). */
      months: z.array(jobGroupSchema),
      /** By scope (a job of several scopes counts in each). */
      scopes: z.array(jobGroupSchema),
      jobs: z.object({ rows: z.array(jobProfitSchema), total: z.number().int(), page: z.number().int(), last_page: z.number().int() }),
      /** The burden_rate setting, for jobs without a rate of their own. */
      setting_burden_rate: z.number().nullable(),
    }),
  }),
  permission: VIEW,
});

const winTotals = {
  estimates: z.number().int(),
  open: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  /** won ÷ (won + lost); null when none was decided. */
  win_rate: z.number().nullable(),
  value_won: money,
  value_lost: money,
  /** Average days from the estimate's date to the day it was won; null without any. */
  days_to_win: z.number().nullable(),
};
export const winGroupSchema = z.object({ key: z.string().nullable(), label: z.string(), ...winTotals });
export type WinGroup = z.output<typeof winGroupSchema>;

export const analysisEstimates = defineAction({
  name: 'analysis.estimates',
  summary: 'Win rate, value won and days to win of the estimates dated in a range: by month, by type and by client.',
  method: 'GET',
  path: '/api/analysis/estimates',
  query: rangeQuery,
  answer: z.object({
    data: z.object({
      totals: z.object(winTotals),
      months: z.array(winGroupSchema),
      types: z.array(winGroupSchema),
      /** The 100 clients most won from. */
      clients: z.array(winGroupSchema),
      client_count: z.number().int(),
    }),
  }),
  permission: VIEW,
});

const hoursGroup = z.object({ key: z.string().nullable(), label: z.string(), hours: z.number(), entries: z.number().int() });
export type HoursGroup = z.output<typeof hoursGroup>;
const calibrationGroup = z.object({
  key: z.string().nullable(),
  label: z.string(),
  jobs: z.number().int(),
  estimated_hours: z.number(),
  logged_hours: z.number(),
  /** logged ÷ estimated; null without an estimate. */
  ratio: z.number().nullable(),
});
export type CalibrationGroup = z.output<typeof calibrationGroup>;
export const overtimeWeekSchema = z.object({
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  week: z.string(),
  hours: z.number(),
  overtime: z.number(),
});
export type OvertimeWeekRow = z.output<typeof overtimeWeekSchema>;

export const analysisLabour = defineAction({
  name: 'analysis.labour',
  summary: 'Hours logged in a range by employee, job and scope, and overtime weeks.',
  method: 'GET',
  path: '/api/analysis/labour',
  query: rangeQuery,
  answer: z.object({
    data: z.object({
      total_hours: z.number(),
      employees: z.array(hoursGroup),
      /** The jobs with the most hours (at most 200). */
      jobs: z.array(hoursGroup),
      job_count: z.number().int(),
      scopes: z.array(hoursGroup),
      overtime: z.array(overtimeWeekSchema),
    }),
  }),
  permission: VIEW,
});

export const analysisCalibration = defineAction({
  name: 'analysis.calibration',
  summary: 'Estimated labour (Σ qty × hours per unit) against hours logged, of the completed jobs ending in a range: by product category and by foreman.',
  method: 'GET',
  path: '/api/analysis/calibration',
  query: rangeQuery,
  answer: z.object({ data: z.object({ categories: z.array(calibrationGroup), foremen: z.array(calibrationGroup) }) }),
  permission: VIEW,
});

const forecastWeekSchema = z.object({
  /** The Sunday that starts it. */
  week: z.string(),
  install_days: z.number().int(),
  jobs: z.number().int(),
  /** Crew hours needed (calibrated). */
  hours: z.number(),
  capacity: z.number(),
  revenue: money,
});
export type ForecastWeek = z.output<typeof forecastWeekSchema>;
const forecastEstimatesSchema = z.object({
  /** 'YYYY-MM' of the estimates' job start date. */
  month: z.string(),
  type: z.string(),
  estimates: z.number().int(),
  value: money,
  /** The type's won ÷ (won + lost) over the history; null when none was decided. */
  win_rate: z.number().nullable(),
  weighted: money,
});
export type ForecastEstimates = z.output<typeof forecastEstimatesSchema>;
const forecastShortageSchema = z.object({
  week: z.string(),
  material_id: z.number().int(),
  material_number: z.string().nullable(),
  description: z.string().nullable(),
  on_hand: z.number(),
  on_order: z.number(),
  /** Cumulative demand to the week. */
  demand: z.number(),
  short_by: z.number(),
  short_by_end: z.number(),
});
export type ForecastShortage = z.output<typeof forecastShortageSchema>;

export const forecast = defineAction({
  name: 'forecasting.weeks',
  summary:
    'The next weeks from this one: install days, crew hours against capacity and revenue scheduled per week; open estimates weighted by win rate per month; material shortages per week.',
  method: 'GET',
  path: '/api/forecasting',
  query: z.object({
    weeks: z.coerce
      .number({ error: `Must be a whole number of weeks from ${FORECAST_WEEKS.min} to ${FORECAST_WEEKS.max}.` })
      .int(`Must be a whole number of weeks from ${FORECAST_WEEKS.min} to ${FORECAST_WEEKS.max}.`)
      .min(FORECAST_WEEKS.min, `At least ${FORECAST_WEEKS.min} week.`)
      .max(FORECAST_WEEKS.max, `At most ${FORECAST_WEEKS.max} weeks.`)
      .default(FORECAST_WEEKS.default),
    /** A day of the first week (default: the server's today); the weeks start on its Sunday. */
    start: isoDate.optional(),
  }),
  answer: z.object({
    data: z.object({
      /** The first week's Sunday and the last week's Saturday. */
      start: z.string(),
      end: z.string(),
      /** The labour estimates' calibration over the history: logged ÷ estimated (1 without any). */
      calibration: z.object({ ratio: z.number(), jobs: z.number().int(), estimated_hours: z.number(), logged_hours: z.number(), since: z.string() }),
      schedulable_users: z.number().int(),
      weeks: z.array(forecastWeekSchema),
      /** The months the weeks touch ('YYYY-MM'): the open estimates are placed by month. */
      months: z.array(z.string()),
      estimates: z.array(forecastEstimatesSchema),
      /** Each material short in the weeks, at the first week it runs out. */
      shortages: z.array(forecastShortageSchema),
    }),
  }),
  permission: { action: 'view', area: 'forecasting' },
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const ANALYSIS_ACTIONS = actionMap({
  'analysis.jobs': analysisJobs,
  'analysis.estimates': analysisEstimates,
  'analysis.labour': analysisLabour,
  'analysis.calibration': analysisCalibration,
  'forecasting.weeks': forecast,
});
