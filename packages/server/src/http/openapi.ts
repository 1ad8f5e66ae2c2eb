/**
 * The OpenAPI 3.1 document (`GET /api/openapi.json`, signed-in users): the generic calls of every
 * resource (platform.md 7.2, from the resource definitions) and every named action (from its
 * declaration). Built by zod-openapi from the same zod schemas the server validates with and the
 * web is typed by, so it cannot describe another API than the one served.
 *
 * Why zod-openapi and not fastify-type-provider-zod + @fastify/swagger: those describe the routes
 * Fastify has, and the generic calls are one parametric route (`/api/:resource`) for every
 * resource, which would document as one opaque operation; they also validate before the
 * preHandler that loads the session, so a guest's bad input would answer 400 before its 401. The
 * declarations already are the contract: zod-openapi turns them into the document as they are.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ACTIONS } from '@glazier/shared/actions/registry';
import type { ActionDef } from '@glazier/shared/actions/define';
import { ID_PARAM } from '@glazier/shared/actions/define';
import { MAX_PER_PAGE, PROGRESS_MEDIA_TYPE } from '@glazier/shared/api';
import { inputFields, type ResourceDef } from '@glazier/shared/resources/define';
import { fieldValueSchema } from '@glazier/shared/resources/fields';
import { recordRead } from '@glazier/shared/resources/read-schema';
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '@glazier/shared/resources/registry';

const errorBody = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() })
  .meta({ id: 'error', description: 'An error: the message, and for a 422 the messages of each field.' });

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const ERRORS = {
  '401': { description: 'Not signed in.', content: json(errorBody) },
  '403': { description: 'Without the right.', content: json(errorBody) },
  '404': { description: 'No such record (or not one the caller may read).', content: json(errorBody) },
  '422': { description: 'Invalid input, with field errors.', content: json(errorBody) },
} as const;
/** A public action (a token in its path, no session): no 401 or 403; 410 for a link no longer usable. */
const PUBLIC_ERRORS = {
  '404': { description: 'The token names nothing.', content: json(errorBody) },
  '410': { description: 'The link was used, revoked or has expired.', content: json(errorBody) },
  '422': ERRORS['422'],
} as const;

/** The body of a create or update: the writable fields (a create needs the required ones; the server says which are missing). */
function inputSchema(def: ResourceDef): z.ZodType {
  const shape: Record<string, z.ZodType> = { id: z.number().int().optional(), updated_at: z.string().nullable().optional() };
  for (const [name, fd] of inputFields(def)) shape[name] = fieldValueSchema(fd).nullable().optional();
  return z.looseObject(shape).meta({ id: `${def.name}_input`, description: `A ${def.label.toLowerCase()} to save (writable fields; relations marked writable may be embedded).` });
}

function listQuery(def: ResourceDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    page: z.string().optional().meta({ description: 'Asks for a page (`{data, current_page, last_page, per_page, total}`) instead of a list.' }),
    per_page: z.string().optional().meta({ description: `Rows per page, at most ${MAX_PER_PAGE}.` }),
    search: z.string().optional(),
    sort_column: z.enum(['id', ...def.sortable] as [string, ...string[]]).optional(),
    sort_direction: z.enum(['asc', 'desc']).optional(),
  };
  if ('active' in def.fields) shape.active = z.string().optional().meta({ description: 'true (default), false or all.' });
  if (def.dateField) Object.assign(shape, { start: z.string().optional(), end: z.string().optional() });
  for (const name of Object.keys(def.filters)) shape[name] ??= z.string().optional();
  return z.object(shape);
}

function genericPaths(name: ResourceName): ZodOpenApiPathsObject {
  const def: ResourceDef = RESOURCES[name];
  const record = recordRead(name);
  const input = inputSchema(def);
  const byId = { path: z.object({ id: ID_PARAM }) };
  const tags = [name];
  const ok = (description: string, schema: z.ZodType, status: '200' | '201' = '200') => ({ [status]: { description, content: json(schema) }, ...ERRORS });
  const list = z.object({ data: z.array(record), truncated: z.literal(true).optional() });
  const page = z.object({ data: z.array(record), current_page: z.number().int(), last_page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
  const body = { content: json(input) };
  return {
    [`/api/${name}`]: {
      get: { operationId: `${name}.list`, tags, summary: `Lists ${def.label.toLowerCase()} records, or one page of them.`, requestParams: { query: listQuery(def) }, responses: ok('The list or the page.', z.union([page, list])) },
      post: { operationId: `${name}.create`, tags, summary: `Creates a ${def.label.toLowerCase()}.`, requestBody: body, responses: ok('The record created.', record, '201') },
    },
    [`/api/${name}/store_many`]: {
      post: {
        operationId: `${name}.store_many`,
        tags,
        summary: 'Creates and updates several records, all or nothing.',
        requestBody: { content: json(z.object({ data: z.array(input) })) },
        responses: ok('The records saved.', z.object({ data: z.array(record) })),
      },
    },
    [`/api/${name}/{id}`]: {
      get: {
        operationId: `${name}.get`,
        tags,
        summary: `One ${def.label.toLowerCase()} with its relations.`,
        requestParams: { ...byId, query: z.object({ accessed_at: z.string().optional().meta({ description: 'Answers `{current: true}` when nothing changed since.' }) }) },
        responses: ok('The record, or `{current: true}`.', z.union([record, z.object({ current: z.literal(true) })])),
      },
      patch: { operationId: `${name}.patch`, tags, summary: 'Saves the record (409 when `updated_at` is older than the stored one).', requestParams: byId, requestBody: body, responses: ok('The record saved.', record) },
      put: { operationId: `${name}.put`, tags, summary: 'As PATCH.', requestParams: byId, requestBody: body, responses: ok('The record saved.', record) },
      delete: { operationId: `${name}.delete`, tags, summary: 'Deletes the record (soft where the resource keeps a trash).', requestParams: byId, responses: ok('Its id.', z.object({ id: z.number().int() })) },
    },
  };
}

/** `/api/:resource/:id/restore` → `/api/{resource}/{id}/restore`. */
export const openApiPath = (path: string) => path.replace(/:([a-z_]+)/g, '{$1}');

function actionOperation(def: ActionDef, generic: ZodOpenApiOperationObject | undefined): ZodOpenApiOperationObject {
  const status = String(def.status ?? 200) as '200' | '201';
  const content = def.download ? { [def.download]: { schema: z.string().meta({ contentMediaType: def.download }) } } : json(def.answer);
  if (def.progress) {
    // a caller accepting it gets 200 and the lines (shared/actions/define.ts `progress`)
    Object.assign(content, {
      [PROGRESS_MEDIA_TYPE]: {
        schema: z.string().meta({
          description: 'With `Accept: application/x-ndjson`: 200 at once, then one JSON object per line: `{"progress":[done,total]}` as the work goes, and last `{"status":…,"body":…}`, the status and body of the plain answer (a 422 with its field errors included).',
        }),
      },
    });
  }
  const access =
    def.permission === 'public'
      ? `Public: no session; the token in the path is the check${def.rateLimit ? ` (at most ${def.rateLimit.max} calls per ${def.rateLimit.timeWindow} per address)` : ''}.`
      : def.permission === 'signed_in'
        ? 'Any signed-in user (the record\'s own rules apply).'
        : `Needs ${def.permission.action} ${def.permission.area}.`;
  const operation: ZodOpenApiOperationObject = {
    operationId: def.name,
    tags: [def.name.split('.')[0]!],
    summary: def.summary,
    description: access,
    responses: {
      [status]: { description: def.summary, content },
      ...(def.permission === 'public' ? PUBLIC_ERRORS : ERRORS),
      ...(def.rateLimit && { '429': { description: 'Too many calls from this address; try again in a minute.', content: json(errorBody) } }),
    },
  };
  const requestParams: NonNullable<ZodOpenApiOperationObject['requestParams']> = {};
  if (def.params) requestParams.path = def.params as z.ZodObject;
  if (def.query) requestParams.query = def.query as z.ZodObject;
  if (def.params || def.query) operation.requestParams = requestParams;
  if (def.upload) {
    const files = def.upload.files === 'one' ? z.string().meta({ contentMediaType: 'application/octet-stream' }) : z.array(z.string().meta({ contentMediaType: 'application/octet-stream' }));
    const form = (def.upload.fields as z.ZodObject).extend({ file: files });
    // The same path is the resource's generic create / store_many, which takes JSON too.
    operation.requestBody = { content: { 'multipart/form-data': { schema: form }, ...generic?.requestBody?.content } };
  } else if (def.body) {
    operation.requestBody = { content: json(def.body) };
  }
  return operation;
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

type OpenApiDocument = ReturnType<typeof createDocument>;

function buildDocument(): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const name of RESOURCE_NAMES) Object.assign(paths, genericPaths(name));
  for (const def of Object.values(ACTIONS) as ActionDef[]) {
    const path = openApiPath(def.path);
    const method = def.method.toLowerCase() as Method;
    const item = (paths[path] ??= {});
    item[method] = actionOperation(def, item[method]);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Glazier API',
      version: '1',
      description:
        'Session cookie auth (`POST /login`); every write sends `X-XSRF-TOKEN` with the `XSRF-TOKEN` cookie (`GET /sanctum/csrf-cookie`). Generic calls for every resource, and the named actions.',
    },
    paths,
  });
}

let built: OpenApiDocument | undefined;

/** The document, built on its first request (and kept: it only changes with the code). */
export function openApiDocument(): OpenApiDocument {
  return (built ??= buildDocument());
}
