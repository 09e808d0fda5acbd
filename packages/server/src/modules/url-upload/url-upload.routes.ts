import {
  FileCommitBody,
  FileIdBody,
  Permission,
  UrlFetchBody,
  UrlInfoBody,
  UrlMultipartCompleteBody,
  UrlMultipartInitBody,
  UrlPresignBody,
} from '@driftbox/contract';
import { Hono, type Context } from 'hono';
import { Readable } from 'node:stream';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { callerOrigin, requestOrigin, type OriginPolicy } from '../../http/origin.js';
import { parseWith, readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requirePermission } from '../../middleware/guards.js';
import type { UrlFetchService } from './url-fetch.service.js';
import type { UrlUploadService } from './url-upload.service.js';

/**
 * URL upload (spec §7). Every route needs FILE_SHARE — the server fetches on the caller's behalf only
 * through the SSRF guard, and never for anonymous callers.
 */
export function urlUploadRoutes(urls: UrlUploadService, fetches: UrlFetchService, options: OriginPolicy): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const fileShare = requirePermission(Permission.FILE_SHARE);
  const origin = (c: Context<AppEnv>) => requestOrigin(c, options);
  const pageOrigin = (c: Context<AppEnv>) => callerOrigin(c, options);

  app.post('/url/info', fileShare, async (c) =>
    ok(c, await urls.info(c.get('actor'), (await readJson(c, UrlInfoBody)).url, pageOrigin(c))),
  );

  app.get('/url/proxy', fileShare, async (c) => {
    const { url } = parseWith(UrlInfoBody, { url: c.req.query('url') });
    const proxied = await urls.proxy(c.get('actor'), url);
    return c.body(
      Readable.toWeb(proxied.body) as unknown as globalThis.ReadableStream<Uint8Array>,
      200,
      proxied.headers,
    );
  });

  app.post('/url/presign', fileShare, async (c) =>
    ok(c, await urls.presign(c.get('actor'), await readJson(c, UrlPresignBody), origin(c), pageOrigin(c))),
  );
  app.post('/url/commit', fileShare, async (c) =>
    ok(c, await urls.commit(c.get('actor'), await readJson(c, FileCommitBody), origin(c)), {
      message: msg('urlUpload.uploaded'),
    }),
  );
  app.post('/url/multipart/init', fileShare, async (c) =>
    ok(c, await urls.multipartInit(c.get('actor'), await readJson(c, UrlMultipartInitBody), origin(c), pageOrigin(c))),
  );
  app.post('/url/multipart/complete', fileShare, async (c) =>
    ok(c, await urls.multipartComplete(c.get('actor'), await readJson(c, UrlMultipartCompleteBody), origin(c)), {
      message: msg('urlUpload.uploaded'),
    }),
  );
  app.post('/url/multipart/abort', fileShare, async (c) => {
    await urls.multipartAbort(c.get('actor'), await readJson(c, FileIdBody));
    return ok(c, null, { message: msg('urlUpload.aborted') });
  });

  app.post('/url/cancel', fileShare, async (c) => {
    await fetches.cancel(c.get('actor'), (await readJson(c, FileIdBody)).file_id);
    return ok(c, null, { message: msg('urlUpload.aborted') });
  });

  app.post('/url/fetch', fileShare, async (c) =>
    ok(c, await fetches.start(c.get('actor'), await readJson(c, UrlFetchBody), origin(c), c.get('lang')), {
      status: 202,
      message: msg('urlUpload.started'),
    }),
  );
  app.get('/url/fetch/:id', fileShare, async (c) =>
    ok(c, await fetches.status(c.get('actor'), c.req.param('id'), origin(c), c.get('lang'))),
  );

  return app;
}
