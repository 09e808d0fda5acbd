import { CHUNK_UPLOAD_TIMEOUT_MS, isMixedContent } from '@driftbox/contract';
import { onBackend } from '../api/backend';
import { UploadError } from './upload-error';

export interface PutOptions {
  /** Headers the signed URL requires (Content-Type, Backblaze's checksum header). */
  headers?: Record<string, string>;
  /** Bytes of this body sent so far. */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface PutResult {
  /** The `ETag` response header, or null when storage (or its CORS rules) did not expose it. */
  etag: string | null;
}

/** One PUT of a body to a signed URL. Injected into the engine so tests need no network. */
export type PutFn = (url: string, body: Blob, options: PutOptions) => Promise<PutResult>;

/** True when `url` is not on the Driftbox server: a presigned S3 URL rather than LOCAL's signed one. */
export function isStorageUrl(url: string): boolean {
  const page = window.location.href;
  return new URL(url, page).origin !== new URL(onBackend('/'), page).origin;
}

/**
 * PUT with XMLHttpRequest: fetch has no upload progress. The URL is signed (S3 presigned or LOCAL's
 * HMAC URL, server-relative, so taken against the backend), so no Authorization header is sent — it
 * would break S3's signature check.
 */
export const xhrPut: PutFn = (url, body, options) =>
  new Promise<PutResult>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new UploadError('ABORTED'));
    const target = onBackend(url);
    // Blocked before it leaves the browser, with nothing but a bare network error to show for it.
    if (isMixedContent(window.location.origin, target)) return reject(new UploadError('INSECURE_STORAGE'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target);
    xhr.timeout = options.timeoutMs ?? CHUNK_UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(body.size);
        resolve({ etag: xhr.getResponseHeader('ETag') });
      } else {
        reject(new UploadError('HTTP', { status: xhr.status, message: `HTTP ${xhr.status}` }));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError('NETWORK', { toStorage: isStorageUrl(target) }));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new UploadError('TIMEOUT'));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadError('ABORTED'));
    };
    xhr.send(body);
  });
