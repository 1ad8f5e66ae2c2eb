/**
 * A long action's call with its progress (shared ActionDef `progress`, api.ts `ProgressLine`):
 * `onProgress(done, total)` as the server's lines arrive, then the answer, or an `HttpError`
 * exactly as a plain call's. A refusal before the work starts (401, 403, 422 on the input) comes
 * as a plain answer. Apart from http.ts and actions.ts, which are in the first screen: only the
 * screens that run long actions load this.
 *
 *   const { added } = await callActionWithProgress(ACTION_ROUTES['imports.run'], { params, body }, (done, total) => setDone(done));
 */
import { PROGRESS_MEDIA_TYPE, type ApiErrorBody, type ProgressLine } from '@glazier/shared/api';
import type { ActionAnswer, ActionDef } from '@glazier/shared/actions/define';
import { pathOf, type ActionArgs, type ActionRef } from './actions.ts';
import { HttpError, NetworkError, parseBody, sendChecked, type Query, type RequestOptions } from './http.ts';

export async function callActionWithProgress<D extends ActionDef & { progress: true }>(
  action: ActionRef<D>,
  args: ActionArgs<D>,
  onProgress: (done: number, total: number) => void,
): Promise<ActionAnswer<D>> {
  const { params, query, body, signal } = args as { params?: Record<string, string | number>; query?: Query; body?: unknown; signal?: AbortSignal };
  return httpWithProgress<ActionAnswer<D>>(action.method, pathOf(action, params), { query, body, signal }, onProgress);
}

/** The request behind `callActionWithProgress`: reads the progress lines as they come. */
async function httpWithProgress<T>(method: string, path: string, options: RequestOptions, onProgress: (done: number, total: number) => void): Promise<T> {
  const res = await sendChecked(method, path, { ...options, accept: `${PROGRESS_MEDIA_TYPE}, application/json` });
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith(PROGRESS_MEDIA_TYPE)) {
    const body = await parseBody(res);
    if (!res.ok) throw new HttpError(res.status, body && typeof body === 'object' ? (body as ApiErrorBody) : null);
    return body as T;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new NetworkError(e);
    }
    if (chunk.done) break;
    pending += chunk.value;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as ProgressLine;
      if ('progress' in line) onProgress(...line.progress);
      else if (line.status >= 400) throw new HttpError(line.status, line.body as ApiErrorBody | null);
      else return line.body as T;
    }
  }
  // the connection ended before the last line: the outcome is unknown
  throw new NetworkError(new Error('The answer ended before the server said how the work ended.'));
}
