/**
 * Every named action, keyed by its name: each area's map (each key its declaration's name, or it
 * fails to compile). The server's handler map must cover every key (http/action-routes.ts), the
 * OpenAPI document lists them all (http/openapi.ts).
 */
import { actionMap } from './define.ts';
import { ANALYSIS_ACTIONS } from './analysis.ts';
import { API_DOCUMENT_ACTIONS } from './api-document.ts';
import { ATTACHMENT_ACTIONS } from './attachments.ts';
import { ESTIMATING_ACTIONS } from './estimating.ts';
import { IMPORT_ACTIONS } from './imports.ts';
import { INVENTORY_ACTIONS } from './inventory.ts';
import { JOBS_ACTIONS } from './jobs.ts';
import { PEOPLE_ACTIONS } from './people.ts';
import { PURCHASING_ACTIONS } from './purchasing.ts';
import { RECORD_ACTIONS } from './records.ts';
import { SCHEDULE_ACTIONS } from './schedule.ts';
import { SESSION_ACTIONS } from './session.ts';
import { SHOP_FLOOR_ACTIONS } from './shop-floor.ts';
import { TIME_ACTIONS } from './time.ts';

export const ACTIONS = actionMap({
  ...PURCHASING_ACTIONS,
  ...INVENTORY_ACTIONS,
  ...JOBS_ACTIONS,
  ...ESTIMATING_ACTIONS,
  ...PEOPLE_ACTIONS,
  ...RECORD_ACTIONS,
  ...ATTACHMENT_ACTIONS,
  ...API_DOCUMENT_ACTIONS,
  ...IMPORT_ACTIONS,
  ...ANALYSIS_ACTIONS,
  ...SCHEDULE_ACTIONS,
  ...SHOP_FLOOR_ACTIONS,
  ...TIME_ACTIONS,
  ...SESSION_ACTIONS,
});

export type ActionName = keyof typeof ACTIONS;
