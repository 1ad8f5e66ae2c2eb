/** The API's own description: the OpenAPI 3.1 document of every generic call and named action. */
import { z } from 'zod';
import { actionMap, defineAction } from './define.ts';

export const apiDocument = defineAction({
  name: 'api.openapi',
  summary: 'This OpenAPI 3.1 document: the generic calls of every resource and every named action.',
  method: 'GET',
  path: '/api/openapi.json',
  answer: z.looseObject({
    openapi: z.string(),
    info: z.object({
      title: z.string(),
      version: z.string(),
      description: z.string().optional(),
      license: z.object({ name: z.string(), identifier: z.string().optional() }).optional(),
    }),
    paths: z.record(z.string(), z.unknown()).optional(),
  }),
  permission: 'signed_in',
});

export const API_DOCUMENT_ACTIONS = actionMap({ 'api.openapi': apiDocument });
