import { z } from 'zod';
import { nullAsAbsent } from './common.js';
import { FileIdBody, FileShareOptions, Filename, MultipartCompleteBody } from './files.js';

/**
 * URL upload (spec §7 "URL upload"): the server looks at or fetches a remote http(s) URL. Every route
 * needs FILE_SHARE, and the server refuses private, loopback, link-local and metadata addresses.
 */

export const SOURCE_URL_MAX = 4096;

// The contract is built with no platform types, yet every runtime it runs in (Node, browsers) has WHATWG URL.
declare const URL: new (input: string) => unknown;

/** An http(s) URL that WHATWG URL parsing accepts (an IPv6 zone id such as `[fe80::1%25eth0]` it does not). */
function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * An absolute http(s) URL that the URL parser accepts, so no route meets an unparsable one later (400 at the
 * field, not a 500 from a `new URL` deep in a service); the server re-checks the scheme and address of every hop.
 */
export const SourceUrl = z.string().trim().min(1).max(SOURCE_URL_MAX).refine(isHttpUrl, 'Must be an http or https URL');

/** `POST /api/url/info`. */
export const UrlInfoBody = z.object({ url: SourceUrl });
export type UrlInfoBody = z.infer<typeof UrlInfoBody>;

/** What the browser found out (or was told by `url/info`) about the source. */
// Null (what `url/info` answers for what the source did not say) is read as absent, never as size 0.
const SourceMetadata = nullAsAbsent(
  z.object({
    filename: nullAsAbsent(Filename),
    contentType: nullAsAbsent(z.string().trim().max(255)),
    size: nullAsAbsent(z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)),
  }),
);

const urlShare = {
  url: SourceUrl,
  filename: Filename.optional(),
  mimetype: z.string().trim().max(255).optional(),
  metadata: SourceMetadata,
};

/** `POST /api/url/presign`: the browser downloads the URL and PUTs it to the returned URL. */
export const UrlPresignBody = FileShareOptions.extend({
  ...urlShare,
  size: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type UrlPresignBody = z.input<typeof UrlPresignBody>;

/** `POST /api/url/multipart/init` (`part_size`/`part_count`, the original's names, are accepted too). */
export const UrlMultipartInitBody = FileShareOptions.extend({
  ...urlShare,
  size: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  partSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3)
    .optional(),
  partCount: z.coerce.number().int().min(1).max(10_000).optional(),
  part_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3)
    .optional(),
  part_count: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type UrlMultipartInitBody = z.input<typeof UrlMultipartInitBody>;

/** `POST /api/url/multipart/complete` and `…/abort` take the same bodies as the upload routes. */
export const UrlMultipartCompleteBody = MultipartCompleteBody;
export const UrlCancelBody = FileIdBody;

/**
 * `POST /api/url/fetch`: the server itself fetches the URL and streams it into storage (no browser
 * round trip, no CORS). Answers 202 with a job to poll at `GET /api/url/fetch/{file_id}`.
 */
export const UrlFetchBody = FileShareOptions.extend({ url: SourceUrl, filename: Filename.optional() });
export type UrlFetchBody = z.input<typeof UrlFetchBody>;

/** `data` of `POST /api/url/info`. */
export const UrlInfoDto = z.object({
  url: z.string(),
  /** From Content-Disposition, else the last path segment, else `download`. */
  filename: z.string(),
  /** null when the source did not say. */
  size: z.number().nullable(),
  contentType: z.string(),
  lastModified: z.string().nullable(),
  /** How the server asked: HEAD, or a one-byte GET where HEAD was refused. */
  method: z.enum(['HEAD', 'GET']),
  /** Whether the source lets the calling page fetch it itself (its Access-Control-Allow-Origin). */
  corsSupported: z.boolean(),
  /** The original's coarse class (`fileTypeOf`). */
  type: z.number(),
  typeName: z.string(),
});
export type UrlInfoDto = z.infer<typeof UrlInfoDto>;

export const URL_FETCH_STATUSES = ['running', 'completed', 'failed', 'cancelled'] as const;
export type UrlFetchStatus = (typeof URL_FETCH_STATUSES)[number];

/**
 * A server-side fetch. `progress` follows spec §9: the fetched half counts 0–49 %, the stored half
 * 50–99 % (the server streams, so both advance together), 100 once the share is published.
 */
export const UrlFetchJobDto = z.object({
  file_id: z.string(),
  slug: z.string(),
  status: z.enum(URL_FETCH_STATUSES),
  progress: z.number(),
  bytes_total: z.number().nullable(),
  bytes_fetched: z.number(),
  bytes_stored: z.number(),
  error: z.string().nullable(),
  /** The share page once completed. */
  url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UrlFetchJobDto = z.infer<typeof UrlFetchJobDto>;
