/**
 * The one mechanism that serves the named actions (shared/actions): a route for each declaration,
 * which checks the session and the declared right first (401, 403), then the path parameters (a
 * path that names nothing: 404) and the query or body (422 with field errors), and then runs the
 * action's handler, typed by its declaration. A writing handler's transaction, lock and audit row
 * are the named write's (engine/named-write.ts); it answers plain values, and a download its bytes,
 * which this file sends (download.ts). Their map must cover every declared action, or this fails to compile:
 * each area's manifest covers its own (areas/<area>/index.ts), this file the platform's.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { ACTIONS, type ActionName } from '@glazier/shared/actions/registry';
import type { ActionDef } from '@glazier/shared/actions/define';
import { PROGRESS_MEDIA_TYPE, type ProgressLine } from '@glazier/shared/api';
import { issuesToErrors } from '@glazier/shared/resources/record-schema';
import type { Db } from '../db/client.ts';
import type { ActionCall, ActionHandlers, Download } from '../engine/action-handler.ts';
import { authorize, type Ctx } from '../engine/context.ts';
import { invalid, notFound } from '../engine/errors.ts';
import { errorAnswer } from './errors.ts';
import { sendDownload } from './download.ts';
import { publicOrigin } from '../platform/public-url.ts';
import { onceByKey } from './idempotency.ts';
import { AREA_HANDLERS } from '../areas/registry.ts';
import { recordHandlers } from '../platform/record-actions.ts';
import { importHandlers } from '../platform/import-actions.ts';
import { attachmentHandlers, attachmentRouteOptions } from './file-routes.ts';
import { apiDocumentHandlers } from './api-document-actions.ts';
import { sessionHandlers } from './auth-routes.ts';
import { securityHandlers } from './security-routes.ts';
import { mailHandlers } from '../platform/mail/mail-actions.ts';
import { backupRouteOptions, downloadBackup } from './backup-routes.ts';
import { IMPORT_BODY_LIMIT, uploadRoute } from './uploads.ts';
import { RESOURCES } from '@glazier/shared/resources/registry';
import { isImportable } from '@glazier/shared/actions/importable';

type Registry = typeof ACTIONS;

/** The platform's handlers here, every area's from its manifest (areas/registry.ts). */
const HANDLERS: ActionHandlers<Registry> = {
  ...recordHandlers,
  ...attachmentHandlers,
  ...apiDocumentHandlers,
  ...importHandlers,
  ...sessionHandlers,
  ...securityHandlers,
  ...mailHandlers,
  'backup.download': downloadBackup,
  // the stream is written by the server's live hub (platform/live/live-hub.ts) until either side closes it
  'live.events': async ({ request, reply, input }) => {
    request.server.liveHub.open(request, reply, input.since);
    return reply;
  },
  ...AREA_HANDLERS,
};

/** 401 for a guest, 403 without the declared right; a public action's check is its own (its token). */
export function checkActionPermission(ctx: Ctx, def: ActionDef): void {
  const p = def.permission;
  if (p === 'public') return;
  if (p === 'signed_in') authorize(ctx, 'view', 'signed_in');
  else authorize(ctx, p.action, p.area);
}

/** A value by its schema, or the error `fail` makes of the issues. */
function parsed(schema: z.ZodType | undefined, value: unknown, fail: (issues: z.core.$ZodIssue[]) => Error): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw fail(result.error.issues);
  return result.data;
}

function registerAction<N extends ActionName>(app: FastifyInstance, name: N, options: RouteShorthandOptions | undefined): void {
  const def: ActionDef = ACTIONS[name];
  const handler = HANDLERS[name];
  app.route({
    ...options,
    // A declared limit per address (@fastify/rate-limit, registered in app.ts): 429 beyond it.
    ...(def.rateLimit && { config: { ...options?.config, rateLimit: def.rateLimit } }),
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      checkActionPermission(request.ctx, def);
      const params = parsed(def.params, request.params, () => notFound());
      const multipart = def.upload !== undefined && request.isMultipart();
      const input =
        def.method === 'GET'
          ? parsed(def.query, request.query ?? {}, (issues) => invalid(issuesToErrors(issues)))
          : multipart
            ? undefined // the handler reads the form within its limits
            : parsed(def.body, request.body, (issues) => invalid(issuesToErrors(issues)));
      // The schemas above are this action's own, so their results are its call's types.
      const caller = { ip: request.ip, origin: `${request.protocol}://${request.host}`, publicOrigin: publicOrigin(request) };
      const call = { ctx: request.ctx, params, input, caller, request, reply, progress: () => undefined } as ActionCall<Registry[N]>;
      if (def.progress && acceptsProgress(request)) return streamProgress(call, () => handler(call), def.status ?? 200);
      if (def.download) {
        const download = (await handler(call)) as Download | FastifyReply;
        // a platform handler that streamed its blob answers the reply it sent
        return download === reply ? reply : sendDownload(request, reply, download as Download, { isPublic: def.permission === 'public' });
      }
      // A write is made once per Idempotency-Key (idempotency.ts); a read, or a form's upload, simply runs.
      if (def.method === 'GET' || multipart) {
        const answer = await handler(call);
        return def.status === 204 ? reply.status(204).send() : reply.status(def.status ?? 200).send(answer);
      }
      return onceByKey(request, reply, def.status ?? 200, async (ctx) => {
        const answer = await handler({ ...call, ctx });
        return def.status === 204 ? undefined : answer;
      });
    },
  });
}

const acceptsProgress = (request: FastifyRequest) => (request.headers.accept ?? '').includes(PROGRESS_MEDIA_TYPE);

/** Progress lines at most this often (and at the end): enough for a bar, a few hundred bytes in all. */
const PROGRESS_EVERY_MS = 100;

/**
 * A progress answer (ActionDef `progress`): 200 at once, a line per step of the work, then the
 * status and body the plain call would answer. The request is checked (rights, input) before this.
 */
function streamProgress(call: ActionCall<ActionDef>, run: () => Promise<unknown>, okStatus: number): FastifyReply {
  const { request, reply } = call;
  const out = new PassThrough();
  const line = (value: ProgressLine) => out.write(`${JSON.stringify(value)}\n`);
  let last = 0;
  call.progress = (done, total) => {
    const now = Date.now();
    if (done < total && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    line({ progress: [done, total] });
  };
  void run()
    .then(
      (answer) => line({ status: okStatus, body: answer }),
      (e: unknown) => line(errorAnswer(e, request)),
    )
    .finally(() => out.end());
  // Not cached, nor held back by a proxy (nginx: X-Accel-Buffering). The compression plugin leaves
  // this media type alone (its list is text/*, json, xml), which would otherwise hold the lines back.
  return reply
    .status(200)
    .header('content-type', `${PROGRESS_MEDIA_TYPE}; charset=utf-8`)
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(out);
}

export function registerActions(app: FastifyInstance, db: Db, opts: { controlToken?: string } = {}): void {
  // An import's rows (up to 10 000) go past the default limit, for those who may write the resource.
  const importArea = (request: FastifyRequest) => {
    const name = (request.params as { resource?: string }).resource ?? '';
    return isImportable(name) ? RESOURCES[name].write : undefined;
  };
  const options: Partial<Record<ActionName, RouteShorthandOptions>> = {
    ...attachmentRouteOptions(db),
    'imports.check': uploadRoute(db, importArea, IMPORT_BODY_LIMIT),
    'imports.run': uploadRoute(db, importArea, IMPORT_BODY_LIMIT),
    'backup.download': backupRouteOptions(db, opts.controlToken),
  };
  for (const name of Object.keys(ACTIONS) as ActionName[]) registerAction(app, name, options[name]);
}
