/**
 * Multipart uploads with progress (files and images, docs/platform.md, Files and images). fetch cannot
 * report how much of a request body has been sent, so this one call goes through XMLHttpRequest;
 * everything else about it is http.ts's: same origin with the session cookie, the anti-forgery
 * header (refreshed and retried once on 419), and failures as `HttpError` / `NetworkError`, so
 * `reportError` shows them like any other.
 *
 *   const file = await uploadForm<RecordOf<'files'>>(path, form, { onProgress: (f) => setProgress(f) });
 *
 * (Screens upload through an action's declaration: `uploadAction(uploadFile, form, ...)`, actions.ts.)
 *
 * A dialog that uploads cancels its upload when it closes, however it closes (Cancel, ×, Escape,
 * the browser's Back: each unmounts it), with `useUploadSignal`:
 *
 *   const uploadSignal = useUploadSignal();
 *   const signal = uploadSignal();                     // as the upload starts
 *   try { await uploadForm(path, form, { signal }); }
 *   catch (e) { if (signal.aborted) return; reportError(e); }   // cancelled: nothing to say
 */
import { XSRF_COOKIE, XSRF_HEADER, type ApiErrorBody } from '@glazier/shared/api';
import { useCallback, useEffect, useState } from 'react';
import { HttpError, NetworkError, fetchCsrfCookie, readCookie } from './http.ts';

export interface UploadOptions {
  /** Called as the body goes out, with the fraction sent (0–1). */
  onProgress?: (fraction: number) => void;
  /**
   * Aborting it aborts the request (XMLHttpRequest.abort), and `uploadForm` rejects with an
   * `AbortError` DOMException. A body the server had already received in full may still be stored.
   */
  signal?: AbortSignal;
}

const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');

interface RawAnswer {
  status: number;
  text: string;
}

function sendOnce(path: string, body: FormData, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    // (checked before open: a request aborted before send() reports no abort event to wait for)
    if (signal?.aborted) return reject(cancelled());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new NetworkError(new Error('The upload failed.')));
    };
    xhr.onabort = () => {
      settle();
      reject(cancelled());
    };
    signal?.addEventListener('abort', abort, { once: true });
    options.onProgress?.(0);
    xhr.send(body);
  });
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 500) };
  }
}

/** POSTs a multipart form; resolves with the server's JSON answer, or throws like `http()`. */
export async function uploadForm<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  if (!readCookie(XSRF_COOKIE)) await fetchCsrfCookie();
  let answer = await sendOnce(path, body, options);
  if (answer.status === 419) {
    await fetchCsrfCookie();
    answer = await sendOnce(path, body, options); // (not sent if aborted meanwhile)
  }
  const parsed = parse(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    throw new HttpError(answer.status, parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null);
  }
  options.onProgress?.(1);
  return parsed as T;
}

/**
 * For a component that uploads: call the returned function as an upload starts to get its signal.
 * The upload is aborted when the component unmounts, which is how a modal of the stack goes away
 * however it is closed (Cancel, ×, Escape, click outside, the browser's Back).
 */
export function useUploadSignal(): () => AbortSignal {
  const [controllers] = useState(() => new Set<AbortController>());
  useEffect(
    () => () => {
      for (const c of controllers) c.abort();
      controllers.clear();
    },
    [controllers],
  );
  return useCallback(() => {
    const controller = new AbortController();
    controllers.add(controller);
    return controller.signal;
  }, [controllers]);
}
