import {
  FileCommitBody,
  FileIdBody,
  FilePresignBody,
  MultipartCompleteBody,
  MultipartInitBody,
  MultipartRefreshBody,
  Permission,
} from '@driftbox/contract';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../app-env.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../lib/errors.js';
import { msg } from '../../../lib/i18n/catalogue.js';
import { headerText } from '../../../http/header-params.js';
import { requestOrigin, type OriginPolicy } from '../../../http/origin.js';
import { contentLengthOf, readJson, streamBody } from '../../../http/request.js';
import { requirePermission } from '../../../middleware/guards.js';
import type { FileMultipartService } from './file-multipart.service.js';
import type { FileUploadsService } from './file-uploads.service.js';

/** Upload options of `PUT /upload-direct`, from the query or `X-<Name>` headers (headers keep passwords out of URLs). */
const DIRECT_OPTIONS = [
  'slug',
  'remark',
  'password',
  'expires_in',
  'max_views',
  's3_config_id',
  'use_proxy',
  'path',
  'mimetype',
  'original_filename',
] as const;

function directOptions(c: Context<AppEnv>): Record<string, string | undefined> {
  const options: Record<string, string | undefined> = {};
  for (const name of DIRECT_OPTIONS) {
    const header = c.req.header(`x-${name.replace(/_/g, '-')}`);
    const value = header ?? c.req.query(name);
    if (value !== undefined) options[name] = header !== undefined ? decodeHeader(name, header) : value;
  }
  return options;
}

/**
 * A header option as UTF-8 text; the others may also come percent-encoded (`X-Remark: %E5%AD%A3…`). A
 * password never is: it must read the same as the `X-Password` of a later download, taken as sent.
 */
function decodeHeader(name: string, value: string): string {
  const text = headerText(value);
  if (name === 'password') return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Uploads (spec §7 "Files"): the streamed form post, the raw `upload-direct` for scripts, presigned
 * single PUTs and resumable multipart. Every route needs FILE_SHARE, checked before any body is read.
 */
export function fileUploadsRoutes(
  uploads: FileUploadsService,
  multipart: FileMultipartService,
  options: OriginPolicy,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const fileShare = requirePermission(Permission.FILE_SHARE);
  const origin = (c: Context<AppEnv>) => requestOrigin(c, options);

  app.post('/upload', fileShare, async (c) => {
    const contentType = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data/i.test(contentType))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        text: msg('files.upload.notMultipartForm'),
      });
    const result = await uploads.uploadForm(
      c.get('actor'),
      { body: streamBody(c), contentType, contentLength: contentLengthOf(c) },
      origin(c),
    );
    return ok(c, result, { status: 201, message: msg('files.upload.uploaded') });
  });

  app.put('/upload-direct/:filename', fileShare, async (c) => {
    const request = {
      filename: c.req.param('filename'),
      body: streamBody(c),
      contentLength: contentLengthOf(c),
      contentType: c.req.header('content-type'),
      options: directOptions(c),
    };
    const result = await uploads.uploadDirect(c.get('actor'), request, origin(c));
    // `curl -H 'Accept: text/plain'` gets just the link, ready for a shell pipeline.
    const accept = c.req.header('accept') ?? '';
    if (/text\/plain/i.test(accept) && !/json/i.test(accept)) return c.text(`${result.url}\n`, 201);
    return ok(c, { ...result, file_id: result.id }, { status: 201, message: msg('files.upload.uploaded') });
  });

  app.post('/s3/presign', fileShare, async (c) =>
    ok(c, await uploads.presign(c.get('actor'), await readJson(c, FilePresignBody), origin(c))),
  );
  app.post('/s3/commit', fileShare, async (c) =>
    ok(c, await uploads.commit(c.get('actor'), await readJson(c, FileCommitBody), origin(c)), {
      message: msg('files.upload.uploaded'),
    }),
  );

  app.post('/upload/multipart/init', fileShare, async (c) =>
    ok(c, await multipart.init(c.get('actor'), await readJson(c, MultipartInitBody), origin(c))),
  );
  app.post('/upload/multipart/list-parts', fileShare, async (c) =>
    ok(c, await multipart.listParts(c.get('actor'), await readJson(c, FileIdBody))),
  );
  app.post('/upload/multipart/refresh-urls', fileShare, async (c) =>
    ok(c, await multipart.refreshUrls(c.get('actor'), await readJson(c, MultipartRefreshBody), origin(c))),
  );
  app.post('/upload/multipart/complete', fileShare, async (c) =>
    ok(c, await multipart.complete(c.get('actor'), await readJson(c, MultipartCompleteBody), origin(c)), {
      message: msg('files.upload.uploaded'),
    }),
  );
  app.post('/upload/multipart/abort', fileShare, async (c) => {
    await multipart.abort(c.get('actor'), await readJson(c, FileIdBody));
    return ok(c, null, { message: msg('files.upload.aborted') });
  });

  return app;
}
