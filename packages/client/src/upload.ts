import type { z } from 'zod';
import { ApiError } from './errors.ts';
import {
  authHeaders,
  buildUrl,
  decodeJson,
  errorFromParts,
  withAuthRetry,
  type ApiBase,
  type AuthScheme,
} from './http.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1 */
  fraction: number;
}

export interface UploadOptions<T> {
  path: string;
  base?: ApiBase;
  auth: AuthScheme;
  form: FormData;
  schema: z.ZodType<T>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Uploads may be large: the limit is on silence, not on the whole transfer. */
  idleTimeoutMs?: number;
}

interface XhrResult {
  status: number;
  text: string;
  retryAfter: string | null;
}

export const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/**
 * Multipart upload with progress and cancel. Uses XMLHttpRequest because fetch cannot report
 * upload progress; shares the token handling of http.ts and fails with the same ApiError kinds.
 */
export async function uploadMultipart<T>(options: UploadOptions<T>): Promise<T> {
  const url = buildUrl(options.base ?? 'api', options.path);
  const result = await withAuthRetry(options.auth, (token) =>
    sendXhr(url, authHeaders(options.auth, token), options),
  );
  if (result.status < 200 || result.status >= 300) {
    throw errorFromParts(result.status, result.text, result.retryAfter);
  }
  return decodeJson(result.text, result.status, options.schema, 'data');
}

function sendXhr<T>(
  url: string,
  headers: Record<string, string>,
  options: UploadOptions<T>,
): Promise<XhrResult> {
  return new Promise<XhrResult>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ApiError({ kind: 'aborted' }));
      return;
    }
    const xhr = new XMLHttpRequest();
    const idleMs = options.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(idleTimer);
      options.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        xhr.abort();
        finish(() => reject(new ApiError({ kind: 'timeout' })));
      }, idleMs);
    };
    const onAbort = () => {
      xhr.abort();
      finish(() => reject(new ApiError({ kind: 'aborted' })));
    };

    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      armIdle();
      if (event.lengthComputable && options.onProgress) {
        options.onProgress({
          loaded: event.loaded,
          total: event.total,
          fraction: event.total ? event.loaded / event.total : 0,
        });
      }
    });
    xhr.addEventListener('load', () =>
      finish(() =>
        resolve({
          status: xhr.status,
          text: xhr.responseText,
          retryAfter: xhr.getResponseHeader('Retry-After'),
        }),
      ),
    );
    xhr.addEventListener('error', () => finish(() => reject(new ApiError({ kind: 'network' }))));
    xhr.addEventListener('abort', () => finish(() => reject(new ApiError({ kind: 'aborted' }))));
    options.signal?.addEventListener('abort', onAbort);
    armIdle();
    xhr.send(options.form);
  });
}
