/** Jobs' named actions (docs/domain/jobs.md). */
import { z } from 'zod';
import { recordRead } from '../resources/read-schema.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

export const duplicateJob = defineAction({
  name: 'jobs.duplicate',
  summary: "Copies a job with its products (progress cleared); the body's job fields are saved onto the copy.",
  method: 'POST',
  path: '/api/jobs/:id/duplicate',
  params: z.object({ id: ID_PARAM }),
  // The job's fields, checked as an update of the copy is (a refused value leaves no copy).
  body: z.record(z.string(), z.unknown()).nullable().optional(),
  answer: recordRead('jobs'),
  permission: { action: 'edit', area: 'jobs' },
  status: 201,
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const JOBS_ACTIONS = actionMap({
  'jobs.duplicate': duplicateJob,
});
