import type { IncomingHttpHeaders } from 'node:http';
import { Filename } from '@driftbox/contract';
import { badRequest } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { parseContentDisposition } from '../../http/header-params.js';

/** A header's single value (Node gives arrays for repeated headers). */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The file name a source's Content-Disposition gives (RFC 6266: `filename*` wins over `filename`);
 * the trailing `;` some servers send is let pass.
 */
export function filenameFromDisposition(header: string | undefined): string | undefined {
  return header ? parseContentDisposition(header.replace(/;[ \t]*$/, ''))?.filename : undefined;
}

/** The last path segment of a URL, decoded, if any. */
export function filenameFromUrl(url: string): string | undefined {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** The first candidate that is a valid file name, else `download` (the original's fallback). */
export function pickFilename(...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) {
    const parsed = candidate === undefined ? null : Filename.safeParse(candidate);
    if (parsed?.success) return parsed.data;
  }
  return 'download';
}

/** The size a response announces: Content-Range's total for a 206, else Content-Length. */
export function sizeOf(status: number, headers: IncomingHttpHeaders): number | null {
  const range = /\/(\d+)\s*$/.exec(headerOf(headers, 'content-range') ?? '');
  if (status === 206 && range?.[1]) return Number(range[1]);
  const length = headerOf(headers, 'content-length');
  return status !== 206 && length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
}

/**
 * Whether a page at `origin` may read the source with fetch, as its Access-Control-Allow-Origin says
 * (the original's `corsSupported`: the browser fetches it directly, else through `url/proxy`).
 */
export function allowsOrigin(headers: IncomingHttpHeaders, origin: string): boolean {
  const allowed = headerOf(headers, 'access-control-allow-origin')?.trim();
  return allowed === '*' || allowed === origin;
}

/** 400 for a source that answered with an error status. */
export function sourceFailed(status: number) {
  return badRequest(msg('urlUpload.sourceFailed', { status }));
}
