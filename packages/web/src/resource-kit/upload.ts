/**
 * Multipart uploads with progress (files and images, DESIGN.md "Files and images"). fetch cannot
 * report how much of a request body has been sent, so this one call goes through XMLHttpRequest;
 * everything else about it is http.ts's: same origin with the session cookie, the anti-forgery
 * header (refreshed and retried once on 419), and failures as `HttpError` / `NetworkError`, so
 * `reportError` shows them like any other.
 *
 *   const file = await uploadForm<RecordOf<'files'>>('/api/files', form, { onProgress: (f) => setProgress(f) });
 */
import { XSRF_COOKIE, XSRF_HEADER, type ApiErrorBody } from '@glazier/shared/api';
import { HttpError, NetworkError, fetchCsrfCookie, readCookie } from './http.ts';

export interface UploadOptions {
  /** Called as the body goes out, with the fraction sent (0–1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface RawAnswer {
  status: number;
  text: string;
}

function sendOnce(path: string, body: FormData, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new NetworkError(new Error('The upload failed.')));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) return xhr.abort();
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
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
    answer = await sendOnce(path, body, options);
  }
  const parsed = parse(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    throw new HttpError(answer.status, parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null);
  }
  options.onProgress?.(1);
  return parsed as T;
}
