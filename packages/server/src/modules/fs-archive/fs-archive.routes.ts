import { FsArchiveBody, Permission } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { contentDisposition } from '../../http/content-safety.js';
import { readJson } from '../../http/request.js';
import { requirePermission } from '../../middleware/guards.js';
import { responseBody } from '../../storage/streams.js';
import type { FsArchiveService } from './fs-archive.service.js';

/**
 * `POST /api/fs/archive {paths, name?}`: the file basket's ZIP, streamed (Driftbox's own route: the
 * original zipped in the browser). MOUNT_VIEW before the body is read; each path is authorised by the vfs.
 */
export function fsArchiveRoutes(service: FsArchiveService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/fs/archive', requirePermission(Permission.MOUNT_VIEW), async (c) => {
    const body = await readJson(c, FsArchiveBody);
    const archive = await service.open(c.get('actor'), body);
    return c.body(responseBody(archive.stream), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition('attachment', archive.fileName),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return app;
}
