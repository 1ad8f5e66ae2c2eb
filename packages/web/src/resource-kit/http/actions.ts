/**
 * Calls a named action by its declaration (shared/actions): the URL, method and types all come
 * from it, so no screen writes an `/api/...` path or an answer type of its own.
 *
 *   const { data } = await callAction(sendPurchaseOrder, { params: { id } });   // data: RecordOf<'purchase_orders'>
 *   const { data } = await callAction(searchEverything, { query: { q }, signal });
 *   const saved = await uploadAction(uploadFile, form, { onProgress });          // multipart
 *   const done = await callActionWithProgress(runImport, { params, body }, (n, of) => …); // a long action (action-progress.ts)
 */
import type { z } from 'zod';
import type { ActionAnswer, ActionBody, ActionDef, ActionParams, ActionQuery } from '@glazier/shared/actions/define';
import { actionPath } from '@glazier/shared/actions/action-path';
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

export const pathOf = (action: ActionDef, params: Record<string, string | number> | undefined) => actionPath(action, params);

export async function callAction<D extends ActionDef>(action: D, ...[args]: ArgsList<D>): Promise<ActionAnswer<D>> {
  const { params, query, body, signal } = (args ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown; signal?: AbortSignal };
  const { data } = await http<ActionAnswer<D>>(action.method, pathOf(action, params), { query, body, signal });
  return data;
}

/**
 * A call the first screen makes, by its declaration's method and path from a zod-free module
 * (shared/actions/session-routes.ts), typed by the declaration (`callRoute<typeof currentUser>`):
 * importing the declaration would bring zod into the first screen.
 */
export function callRoute<D extends ActionDef>(route: Pick<D, 'method' | 'path'>, ...[args]: ArgsList<D>): Promise<ActionAnswer<D>> {
  // callAction reads only the method and the path of the declaration it is given.
  return callAction(route as D, ...([args] as ArgsList<D>));
}

/** An upload action's multipart form (with progress and cancelling, upload.ts). */
export function uploadAction<D extends ActionDef & { upload: object }>(
  action: D,
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
 *   <Button component="a" href={downloadHref(estimatePdf, { id })} download>Download PDF</Button>
 */
export function downloadHref<D extends ActionDef & { method: 'GET'; download: string }>(
  action: D,
  ...[params]: D['params'] extends z.ZodType ? [params: ActionParams<D>] : []
): string {
  return pathOf(action, params as Record<string, string | number> | undefined);
}
