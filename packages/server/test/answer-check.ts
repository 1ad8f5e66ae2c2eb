/**
 * The API suite's check that the OpenAPI document says what the server answers: every 2xx JSON
 * answer a test client receives is validated against the response schema of the operation its
 * request matched (the document built once per test file, schemas compiled on first use), and a
 * refusal (401, 403, 404, 410, 422) must be one its operation lists. A mismatch throws, failing the
 * test that made the request: the document cannot drift from code.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument } from '../src/http/openapi.ts';

interface Operation {
  method: string;
  pattern: RegExp;
  /** Literal segments: `/api/images/{id}/{size}` is preferred to `/api/{resource}/{id}/restore`'s kind of match. */
  literals: number;
  pointer: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let operations: Operation[] | undefined;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const compiled = new Map<string, ValidateFunction>();
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function load(): Operation[] {
  const doc = openApiDocument();
  ajv.addSchema(doc as object, 'openapi');
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, { responses?: Operation['responses'] }>)) {
      if (!op?.responses) continue;
      const segments = path.split('/').filter(Boolean);
      out.push({
        method: method.toUpperCase(),
        pattern: new RegExp(`^/${segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.]/g, '\\.'))).join('/')}$`),
        literals: segments.filter((s) => !s.startsWith('{')).length,
        pointer: `openapi#/paths/${escape(path)}/${method}/responses`,
        responses: op.responses,
      });
    }
  }
  return out;
}

/** Whether the document lets a body of `resource`'s create or update send `value` for `field`. */
export function documentAllows(resource: string, field: string, value: unknown): boolean {
  operations ??= load();
  const ref = `openapi#/components/schemas/${escape(`${resource}_input`)}/properties/${escape(field)}`;
  let validate = compiled.get(ref);
  if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
  return validate(value);
}

/**
 * The refusals an operation lists where it may answer them. Not checked: 409 (a stale save), 413,
 * 419 (the CSRF header, the document's security scheme) and 429 (a limit), which the document
 * describes once for all.
 */
const LISTED_REFUSALS = new Set([401, 403, 404, 410, 422]);

/** Throws when a 2xx JSON answer does not match its operation's schema in the document, or a refusal is not listed there. */
export function checkAnswer(method: string, url: string, status: number, contentType: unknown, body: unknown): void {
  const refusal = LISTED_REFUSALS.has(status);
  if (!refusal && (status < 200 || status >= 300 || !String(contentType ?? '').startsWith('application/json'))) return;
  const path = url.split('?')[0]!;
  if (!path.startsWith('/api/')) return;
  operations ??= load();
  const op = operations.filter((o) => o.method === method.toUpperCase() && o.pattern.test(path)).sort((a, b) => b.literals - a.literals)[0];
  // Every route the app serves under /api/ is a resource's generic call (each resource's are in
  // the document) or a declared action (openapi.test.ts checks each is): what matches none is a
  // route a test added to its own app (hardening.test.ts), not the API's.
  if (!op) return;
  if (refusal) {
    if (!op.responses[String(status)]) throw new Error(`${method} ${path} answered ${status}, which its operation in the OpenAPI document does not list.`);
    return;
  }
  if (!op.responses[String(status)]?.content?.['application/json'])
    throw new Error(`${method} ${path} answered ${status}, which its operation in the OpenAPI document does not declare.`);
  const ref = `${op.pointer}/${status}/content/application~1json/schema`;
  let validate = compiled.get(ref);
  if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
  if (!validate(body)) {
    throw new Error(`${method} ${path} answered ${status} with a body the OpenAPI document does not allow: ${ajv.errorsText(validate.errors)}`);
  }
}
