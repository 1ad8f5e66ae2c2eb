/**
 * Calls a named action by its route (shared/actions/routes.ts) or its declaration (shared/actions):
 * the URL, method and types all come from it, so no screen writes an `/api/...` path or an answer
 * type of its own. A screen calls by the route: the declarations hold zod schemas, which a screen's
 * first render must not load.
 *
 *   const { data } = await callAction(ACTION_ROUTES['purchase_orders.send'], { params: { id } });   // data: RecordOf<'purchase_orders'>
 *   const { data } = await callAction(ACTION_ROUTES['records.search'], { query: { q }, signal });
 *   const saved = await uploadAction(ACTION_ROUTES['files.upload'], form, { onProgress });          // multipart
 *   const done = await callActionWithProgress(ACTION_ROUTES['imports.run'], { params, body }, (n, of) => …); // a long action (action-progress.ts)
 */
import type { z } from 'zod';
import type { ActionAnswer, ActionBody, ActionDef, ActionParams, ActionQuery } from '@glazier/shared/actions/define';
import { actionPath } from '@glazier/shared/actions/action-path';
import type { ActionRoute } from '@glazier/shared/actions/routes';
import { http, type Query } from './http.ts';
import { uploadForm, type UploadOptions } from './upload.ts';

type ParamsArg<D extends ActionDef> = D['params'] extends z.ZodType ? { params: ActionParams<D> } : { params?: undefined };

export type ActionArgs<D extends ActionDef> = ParamsArg<D> & {
  query?: ActionQuery<D>;
  body?: ActionBody<D>;
  signal?: AbortSignal;
};

/** The arguments, optional when the action has no path parameters. */
type ArgsList<D extends ActionDef> = D['params'] extends z.ZodType ? [args: ActionArgs<D>] : [args?: ActionArgs<D>];

/** An action as a call names it: its route (routes.ts), or its declaration. */
export type ActionRef<D extends ActionDef> = D | ActionRoute<D>;

export const pathOf = (action: Pick<ActionDef, 'path'>, params: Record<string, string | number> | undefined) => actionPath(action, params);

export async function callAction<D extends ActionDef>(action: ActionRef<D>, ...[args]: ArgsList<D>): Promise<ActionAnswer<D>> {
  const { params, query, body, signal } = (args ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown; signal?: AbortSignal };
  const { data } = await http<ActionAnswer<D>>(action.method, pathOf(action, params), { query, body, signal });
  return data;
}

/** An upload action's multipart form (with progress and cancelling, upload.ts). */
export function uploadAction<D extends ActionDef & { upload: object }>(
  action: ActionRef<D>,
  form: FormData,
  options: UploadOptions & { params?: ActionParams<D> } = {},
): Promise<ActionAnswer<D>> {
  const { params, ...rest } = options;
  return uploadForm<ActionAnswer<D>>(pathOf(action, params as Record<string, string | number> | undefined), form, rest);
}

/**
 * Where a download action's file is (`download` in its declaration: a PDF, a backup): the link a
 * screen gives an `<a href download>`, so the browser saves it with the name the server sends
 * (Content-Disposition) and the session cookie goes along.
 *
 *   <Button component="a" href={downloadHref(ACTION_ROUTES['estimates.pdf'], { id })} download>Download PDF</Button>
 */
export function downloadHref<D extends ActionDef & { method: 'GET'; download: string }>(
  action: ActionRef<D>,
  ...[params]: D['params'] extends z.ZodType ? [params: ActionParams<D>] : []
): string {
  return pathOf(action, params as Record<string, string | number> | undefined);
}
