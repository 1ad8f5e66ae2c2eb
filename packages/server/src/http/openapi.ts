/**
 * The OpenAPI 3.1 document (`GET /api/openapi.json`, signed-in users): the generic calls of every
 * resource (docs/platform.md, Generic calls, from the resource definitions) and every named action (from its
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
import { MAX_PER_PAGE, PROGRESS_MEDIA_TYPE, XSRF_COOKIE } from '@glazier/shared/api';
import { SESSION_COOKIE } from './auth-routes.ts';
import { inputFields, takesNullAsEmpty, type ResourceDef } from '@glazier/shared/resources/define';
import { fieldDocumentedSchema } from '@glazier/shared/resources/field-schemas';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { PHONE_TEXT } from '@glazier/shared/rules/phone';
import { recordRead, savedRecordRead } from '@glazier/shared/resources/read-schema';
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

/**
 * One writable field as a body may send it, saying what the server does (recordSchema in
 * shared/resources/record-schema.ts): a required field and a boolean never take null, a list takes null
 * for the empty list, a phone number is written in digits and signs.
 */
function fieldInputSchema(fd: FieldDef): z.ZodType {
  let value = fieldDocumentedSchema(fd);
  if (fd.kind === 'phone')
    value = z.string().max(40).regex(PHONE_TEXT).meta({
      description:
        'A 10-digit phone number, optionally after a 1 or +1, in digits with spaces, parentheses, dots or dashes; stored as 1 and the 10 digits. Blank or null: none.',
    });
  if (fd.required || fd.kind === 'bool') return value.optional();
  if (takesNullAsEmpty(fd)) return value.nullable().optional().meta({ description: 'A list; null stands for the empty list (stored and answered as []).' });
  return value.nullable().optional();
}

/** The body of a create or update: the writable fields (a create needs the required ones; the server says which are missing). */
function inputSchema(def: ResourceDef): z.ZodType {
  const shape: Record<string, z.ZodType> = {
    id: z.number().int().optional(),
    updated_at: z.iso.datetime({ offset: true }).nullable().optional().meta({
      description:
        'The updated_at of the copy being saved: a save of an older copy answers 409. Absent or null: no check; anything else but a date and time: 422.',
    }),
  };
  for (const [name, fd] of inputFields(def)) shape[name] = fieldInputSchema(fd);
  return z
    .looseObject(shape)
    .meta({ id: `${def.name}_input`, description: `A ${def.label.toLowerCase()} to save (writable fields; relations marked writable may be embedded).` });
}

function listQuery(def: ResourceDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    page: z.string().optional().meta({ description: 'Asks for a page (`{data, current_page, last_page, per_page, total}`) instead of a list.' }),
    per_page: z
      .string()
      .optional()
      .meta({ description: `Rows per page, at most ${MAX_PER_PAGE}.` }),
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
  const saved = savedRecordRead(name);
  const input = inputSchema(def);
  const byId = { path: z.object({ id: ID_PARAM }) };
  const once = { header: IDEMPOTENCY };
  const tags = [name];
  const ok = (description: string, schema: z.ZodType, status: '200' | '201' = '200') => ({ [status]: { description, content: json(schema) }, ...ERRORS });
  const list = z.object({ data: z.array(record), truncated: z.literal(true).optional() });
  const page = z.object({
    data: z.array(record),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
  const body = { content: json(input) };
  const reads = { security: SIGNED_IN };
  const writes = { security: SIGNED_IN_WRITE };
  const listOp = {
    ...reads,
    operationId: `${name}.list`,
    tags,
    summary: `Lists ${def.label.toLowerCase()} records, or one page of them.`,
    requestParams: { query: listQuery(def) },
    responses: ok('The list or the page.', z.union([page, list])),
  };
  const get = {
    ...reads,
    operationId: `${name}.get`,
    tags,
    summary: `One ${def.label.toLowerCase()} with its relations.`,
    requestParams: {
      ...byId,
      query: z.object({ accessed_at: z.string().optional().meta({ description: 'Answers `{current: true}` when nothing changed since.' }) }),
    },
    responses: ok('The record, or `{current: true}`.', z.union([record, z.object({ current: z.literal(true) })])),
  };
  // A resource nobody may write through the generic calls (its records are made by another's save): they are left out.
  if (def.write === 'nobody') return { [`/api/${name}`]: { get: listOp }, [`/api/${name}/{id}`]: { get } };
  return {
    [`/api/${name}`]: {
      get: listOp,
      post: {
        ...writes,
        operationId: `${name}.create`,
        tags,
        summary: `Creates a ${def.label.toLowerCase()}.`,
        requestParams: once,
        requestBody: body,
        responses: ok('The record created.', saved, '201'),
      },
    },
    [`/api/${name}/store_many`]: {
      post: {
        ...writes,
        operationId: `${name}.store_many`,
        tags,
        summary: 'Creates and updates several records, all or nothing.',
        requestParams: once,
        requestBody: { content: json(z.object({ data: z.array(input) })) },
        responses: ok('The records saved.', z.object({ data: z.array(record) })),
      },
    },
    [`/api/${name}/{id}`]: {
      get,
      patch: {
        ...writes,
        operationId: `${name}.patch`,
        tags,
        summary: 'Saves the record (409 when `updated_at` is older than the stored one).',
        requestParams: { ...byId, ...once },
        requestBody: body,
        responses: ok('The record saved.', saved),
      },
      put: {
        ...writes,
        operationId: `${name}.put`,
        tags,
        summary: 'As PATCH.',
        requestParams: { ...byId, ...once },
        requestBody: body,
        responses: ok('The record saved.', saved),
      },
      delete: {
        ...writes,
        operationId: `${name}.delete`,
        tags,
        summary: 'Deletes the record (soft where the resource keeps a trash).',
        requestParams: { ...byId, ...once },
        responses: ok('Its id.', z.object({ id: z.number().int() })),
      },
    },
  };
}

/** `/api/:resource/:id/restore` → `/api/{resource}/{id}/restore`. */
export const openApiPath = (path: string) => path.replace(/:([a-z_]+)/g, '{$1}');

/** One path of an action in the document, and its operation's id. */
export interface DocumentedPath {
  path: string;
  operationId: string;
  /** The path parameters written out (`{resource: 'jobs'}`). */
  fixed: Record<string, string>;
}

/**
 * The document's paths of an action. A path parameter that takes a fixed set of values (a
 * resource's name, an image's size) is written out, one path per value (`/api/jobs/{id}/restore`,
 * operation `records.restore.jobs`): `/api/{resource}/{id}/restore` would be ambiguous beside
 * `/api/images/{id}/{size}`, and `/api/{resource}/import` beside `/api/clients/{id}`.
 */
export function documentedPaths(def: ActionDef): DocumentedPath[] {
  let out: DocumentedPath[] = [{ path: def.path, operationId: def.name, fixed: {} }];
  const shape = def.params instanceof z.ZodObject ? def.params.shape : {};
  for (const [key, schema] of Object.entries(shape)) {
    if (!(schema instanceof z.ZodEnum)) continue;
    out = out.flatMap((p) =>
      schema.options.map((value) => ({
        path: p.path.replace(`:${key}`, String(value)),
        operationId: `${p.operationId}.${String(value)}`,
        fixed: { ...p.fixed, [key]: String(value) },
      })),
    );
  }
  return out.map((p) => ({ ...p, path: openApiPath(p.path) }));
}

/** A write's optional key (http/idempotency.ts): the same key again answers the first answer. */
const IDEMPOTENCY = z.object({
  'Idempotency-Key': z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,200}$/)
    .optional()
    .meta({
      description:
        'Makes the write once: sent again with the same key (by the same user, to the same method and path), the first answer is answered again, with `Idempotent-Replayed: true`, and nothing changes. A refused write keeps no key. Keys are kept 30 days.',
    }),
});

/** A signed-in caller: the session cookie. */
const SIGNED_IN = [{ session: [] }];
/** A signed-in caller's write: the session cookie and the CSRF header. */
const SIGNED_IN_WRITE = [{ session: [], xsrf: [] }];
/** Anyone: the token in the path (or the body) is the check. */
const PUBLIC: [] = [];

function security(def: ActionDef) {
  if (def.permission === 'public') return def.method === 'GET' ? PUBLIC : [{ xsrf: [] }];
  const session = def.method === 'GET' ? SIGNED_IN : SIGNED_IN_WRITE;
  return def.controlToken ? [...session, { control: [] }] : session;
}

function actionOperation(def: ActionDef, at: DocumentedPath, generic: ZodOpenApiOperationObject | undefined): ZodOpenApiOperationObject {
  const status = String(def.status ?? 200) as '200' | '201' | '204';
  const content = def.download ? { [def.download]: { schema: z.string().meta({ contentMediaType: def.download }) } } : json(def.answer);
  if (def.progress) {
    // a caller accepting it gets 200 and the lines (shared/actions/define.ts `progress`)
    Object.assign(content, {
      [PROGRESS_MEDIA_TYPE]: {
        schema: z.string().meta({
          description:
            'With `Accept: application/x-ndjson`: 200 at once, then one JSON object per line: `{"progress":[done,total]}` as the work goes, and last `{"status":…,"body":…}`, the status and body of the plain answer (a 422 with its field errors included).',
        }),
      },
    });
  }
  const access =
    def.permission === 'public'
      ? `Public: no session needed${def.params ? '; the token in the path is the check' : ''}${def.rateLimit ? ` (at most ${def.rateLimit.max} calls per ${def.rateLimit.timeWindow} per address)` : ''}.`
      : def.permission === 'signed_in'
        ? "Any signed-in user (the record's own rules apply)."
        : `Needs ${def.permission.action} ${def.permission.area}.`;
  const operation: ZodOpenApiOperationObject = {
    operationId: at.operationId,
    security: security(def),
    tags: [def.name.split('.')[0]!],
    summary: def.summary,
    description: access,
    responses: {
      [status]: status === '204' ? { description: def.summary } : { description: def.summary, content },
      ...(def.permission === 'public' ? PUBLIC_ERRORS : ERRORS),
      ...Object.fromEntries(Object.entries(def.alsoRefuses ?? {}).map(([status, description]) => [status, { description, content: json(errorBody) }])),
      ...(def.rateLimit && { '429': { description: 'Too many calls from this address; try again in a minute.', content: json(errorBody) } }),
    },
  };
  const requestParams: NonNullable<ZodOpenApiOperationObject['requestParams']> = {};
  const params = def.params && Object.entries((def.params as z.ZodObject).shape).filter(([key]) => !(key in at.fixed));
  if (params?.length) requestParams.path = z.object(Object.fromEntries(params));
  if (def.query) requestParams.query = def.query as z.ZodObject;
  // a write is made once per key (idempotency.ts); a download or a form's upload is not
  if (def.method !== 'GET' && !def.download && !def.upload) requestParams.header = IDEMPOTENCY;
  if (requestParams.path || requestParams.query || requestParams.header) operation.requestParams = requestParams;
  if (def.upload) {
    const files =
      def.upload.files === 'one'
        ? z.string().meta({ contentMediaType: 'application/octet-stream' })
        : z.array(z.string().meta({ contentMediaType: 'application/octet-stream' }));
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
    const method = def.method.toLowerCase() as Method;
    for (const at of documentedPaths(def)) {
      const item = (paths[at.path] ??= {});
      item[method] = actionOperation(def, at, item[method]);
    }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Glazier API',
      version: '1',
      description:
        'Session cookie auth (`POST /login`); every write sends `X-XSRF-TOKEN` with the `XSRF-TOKEN` cookie (`GET /sanctum/csrf-cookie`). Generic calls for every resource, and the named actions.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The server this document was read from.' }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie `POST /login` (or the first-run setup) sets.' },
        xsrf: {
          type: 'apiKey',
          in: 'header',
          name: 'X-XSRF-TOKEN',
          description: `Every write (POST, PATCH, PUT, DELETE) sends the value of the \`${XSRF_COOKIE}\` cookie (\`GET /sanctum/csrf-cookie\` sets it, bound to the session) in this header; without it: 419.`,
        },
        control: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The control token a running server writes into its data folder (`npm run db:backup` reads it): a backup without a session, from the server's own machine.",
        },
      },
    },
    paths,
  });
}

let built: OpenApiDocument | undefined;

/** The document, built on its first request (and kept: it only changes with the code). */
export function openApiDocument(): OpenApiDocument {
  return (built ??= buildDocument());
}
