import {
  fileTypeOf,
  PART_SIZE,
  Permission,
  type FileCommitBody,
  type FileDetailDto,
  type FileIdBody,
  type FilePresignDto,
  type MultipartCompleteBody,
  type MultipartInitDto,
  type UrlInfoDto,
  type UrlMultipartInitBody,
  type UrlPresignBody,
} from '@driftbox/contract';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Actor } from '../../lib/auth/actor.js';
import { assertPermission } from '../../lib/auth/authz.js';
import { safeFileHeaders } from '../../http/content-safety.js';
import { invalidField } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { guardedRequest, type GuardedResponse, type SsrfPolicy } from '../../lib/net/ssrf.js';
import type { FileMultipartService, FileUploadsService } from '../files/files.module.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  allowsOrigin,
  filenameFromDisposition,
  filenameFromUrl,
  headerOf,
  pickFilename,
  sizeOf,
  sourceFailed,
} from './url-upload.rules.js';

export interface UrlUploadDeps {
  settings: SettingsService;
  uploads: FileUploadsService;
  multipart: FileMultipartService;
  /** How the SSRF guard resolves names (tests trust a loopback fixture); the system resolver by default. */
  policy?: SsrfPolicy;
}

/** What the URL variants of presign and multipart init add: the source, and whether the page may fetch it itself. */
export interface UrlSourceFields {
  sourceUrl: string;
  corsSupported: boolean;
}

/** A streamed copy of a remote body for the browser (`GET /api/url/proxy`). */
export interface ProxiedBody {
  headers: Record<string, string>;
  body: Readable;
}

const INFO_TIMEOUT_MS = 15_000;
/** How long the CORS check may take: it runs beside the real work, and a slow source just says no. */
const CORS_CHECK_TIMEOUT_MS = 2_000;

/**
 * URL upload (spec §7): what a URL holds (`info`), a CORS-free copy of it for the browser (`proxy`),
 * and the browser-driven upload of it (presign/commit, multipart) on top of the files module. Every
 * server-side request goes through the SSRF guard (lib/net/ssrf.ts); every route needs FILE_SHARE (the
 * original served `info` and `proxy` to anyone — an open proxy).
 */
export function createUrlUploadService(deps: UrlUploadDeps) {
  const { settings, uploads, multipart, policy } = deps;
  const maxBytes = async () => (await settings.maxUploadSize()).max_upload_size_bytes;

  /** What the source says about itself: a HEAD, or a one-byte GET where HEAD is refused; the body is never read. */
  async function probe(url: string): Promise<{ res: GuardedResponse; method: 'HEAD' | 'GET' }> {
    const ask = { maxBytes: Number.MAX_SAFE_INTEGER, headersTimeoutMs: INFO_TIMEOUT_MS };
    const head = await guardedRequest(url, { ...ask, method: 'HEAD' }, policy);
    head.body.destroy();
    if (head.status < 400) return { res: head, method: 'HEAD' };
    const get = await guardedRequest(url, { ...ask, headers: { Range: 'bytes=0-0' } }, policy);
    get.body.destroy();
    return { res: get, method: 'GET' };
  }

  /**
   * The original's `corsSupported`: whether the calling page may fetch the source itself. Asked apart
   * from the probe (a source may refuse an Origin it does not know, and the probe must still work),
   * with the page's Origin as a browser would send it, briefly and at most once; false when the source
   * cannot be asked in time, or a redirect crossed origins (the browser would need every hop's consent).
   */
  async function corsSupported(url: string, pageOrigin: string): Promise<boolean> {
    try {
      const res = await guardedRequest(
        url,
        {
          method: 'HEAD',
          headers: { Origin: pageOrigin },
          maxBytes: Number.MAX_SAFE_INTEGER,
          headersTimeoutMs: CORS_CHECK_TIMEOUT_MS,
        },
        policy,
      );
      res.body.destroy();
      return (
        res.status < 400 && new URL(res.url).origin === new URL(url).origin && allowsOrigin(res.headers, pageOrigin)
      );
    } catch {
      return false;
    }
  }

  function sourceName(
    url: string,
    metadata: { filename?: string | undefined } | undefined,
    filename: string | undefined,
  ): string {
    return pickFilename(filename, metadata?.filename, filenameFromUrl(url));
  }

  return {
    /** `POST /api/url/info`: name, size and type of what the URL serves. */
    async info(actor: Actor, url: string, pageOrigin: string): Promise<UrlInfoDto> {
      assertPermission(actor, Permission.FILE_SHARE);
      const cors = corsSupported(url, pageOrigin);
      const { res, method } = await probe(url);
      if (res.status >= 400) throw sourceFailed(res.status);
      const filename = pickFilename(
        filenameFromDisposition(headerOf(res.headers, 'content-disposition')),
        filenameFromUrl(res.url),
      );
      const contentType = headerOf(res.headers, 'content-type') ?? 'application/octet-stream';
      return {
        url: res.url,
        filename,
        size: sizeOf(res.status, res.headers),
        contentType,
        lastModified: headerOf(res.headers, 'last-modified') ?? null,
        method,
        corsSupported: await cors,
        ...fileTypeOf(filename, contentType),
      };
    },

    /**
     * `GET /api/url/proxy?url=`: the remote body streamed back, capped at the upload limit. It comes
     * from the app's origin, so it is always an attachment with `nosniff` and a sandbox CSP.
     */
    async proxy(actor: Actor, url: string): Promise<ProxiedBody> {
      assertPermission(actor, Permission.FILE_SHARE);
      const res = await guardedRequest(url, { maxBytes: await maxBytes() }, policy);
      if (res.status >= 400) {
        res.body.destroy();
        throw sourceFailed(res.status);
      }
      const type = headerOf(res.headers, 'content-type') ?? 'application/octet-stream';
      const name = pickFilename(
        filenameFromDisposition(headerOf(res.headers, 'content-disposition')),
        filenameFromUrl(res.url),
      );
      const headers = { ...safeFileHeaders(type, name, 'attachment'), 'Cache-Control': 'no-store' };
      const length = headerOf(res.headers, 'content-length');
      return {
        headers: length && res.status === 200 ? { ...headers, 'Content-Length': length } : headers,
        body: res.body,
      };
    },

    /** `POST /api/url/presign`: like `s3/presign`, named after the source; the browser fetches and PUTs. */
    async presign(
      actor: Actor,
      body: z.output<typeof UrlPresignBody>,
      origin: string,
      pageOrigin: string,
    ): Promise<FilePresignDto & UrlSourceFields> {
      const filename = sourceName(body.url, body.metadata, body.filename);
      const cors = corsSupported(body.url, pageOrigin);
      const presigned = await uploads.presign(
        actor,
        {
          ...body,
          filename,
          mimetype: body.mimetype ?? body.metadata?.contentType,
          size: body.size ?? body.metadata?.size,
        },
        origin,
      );
      return { ...presigned, sourceUrl: body.url, corsSupported: await cors };
    },

    /** `POST /api/url/commit`: the same check-and-publish as `s3/commit`. */
    commit: (actor: Actor, body: z.output<typeof FileCommitBody>, origin: string): Promise<FileDetailDto> =>
      uploads.commit(actor, body, origin),

    /** `POST /api/url/multipart/init`: a resumable upload of the source; its size must be known. */
    async multipartInit(
      actor: Actor,
      body: z.output<typeof UrlMultipartInitBody>,
      origin: string,
      pageOrigin: string,
    ): Promise<MultipartInitDto & UrlSourceFields> {
      assertPermission(actor, Permission.FILE_SHARE);
      const size = body.size ?? body.metadata?.size;
      if (size === undefined) throw invalidField('size', msg('urlUpload.sizeNeeded'));
      const partSize = body.partSize ?? body.part_size ?? PART_SIZE;
      const partCount = body.partCount ?? body.part_count ?? Math.max(1, Math.ceil(size / partSize));
      const filename = sourceName(body.url, body.metadata, body.filename);
      const cors = corsSupported(body.url, pageOrigin);
      const started = await multipart.init(
        actor,
        { ...body, filename, mimetype: body.mimetype ?? body.metadata?.contentType, size, partSize, partCount },
        origin,
      );
      return { ...started, sourceUrl: body.url, corsSupported: await cors };
    },

    /** `POST /api/url/multipart/complete`. */
    multipartComplete: (actor: Actor, body: z.output<typeof MultipartCompleteBody>, origin: string) =>
      multipart.complete(actor, body, origin),

    /** `POST /api/url/multipart/abort`. */
    multipartAbort: (actor: Actor, body: z.output<typeof FileIdBody>) => multipart.abort(actor, body),
  };
}
export type UrlUploadService = ReturnType<typeof createUrlUploadService>;
