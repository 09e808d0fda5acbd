import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { contentLengthOf, streamBody } from '../../http/request.js';
import { responseBody } from '../../storage/streams.js';
import type { LocalStorageService, UploadRequest } from './local-storage.service.js';

function uploadRequest(c: Context<AppEnv>): UploadRequest {
  return {
    configId: c.req.param('configId') ?? '',
    query: c.req.query(),
    // The body is streamed to storage, never buffered (ARCHITECTURE §6).
    body: streamBody(c),
    contentLength: contentLengthOf(c),
    contentType: c.req.header('content-type'),
  };
}

/**
 * The presigned URLs of LOCAL storage (`/api/local-storage/<configId>/object|part?…&sig=…`). Public
 * routes: the HMAC signature in the query is the authorisation. Uploads answer like S3 (200, empty
 * body, `ETag` header) so the browser's uploader needs no driver-specific code.
 */
export function localStorageRoutes(service: LocalStorageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Hono also routes HEAD here; it gets headers only, without opening the file.
  app.get('/local-storage/:configId/object', async (c) => {
    const result = await service.download({
      configId: c.req.param('configId'),
      query: c.req.query(),
      range: c.req.header('range'),
      ifRange: c.req.header('if-range'),
      headOnly: c.req.method === 'HEAD',
    });
    if (!result.body) return c.body(null, result.status, result.headers);
    return c.body(responseBody(result.body), result.status, result.headers);
  });

  app.put('/local-storage/:configId/object', async (c) => {
    const { etag } = await service.putObject(uploadRequest(c));
    return c.body(null, 200, { ETag: etag });
  });

  app.put('/local-storage/:configId/part', async (c) => {
    const { etag } = await service.putPart(uploadRequest(c));
    return c.body(null, 200, { ETag: etag });
  });

  return app;
}
