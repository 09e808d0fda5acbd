import { FsArchiveBody, Permission } from '@driftbox/contract';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { contentDisposition } from '../../http/content-safety.js';
import { readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requirePermission } from '../../middleware/guards.js';
import { responseBody } from '../../storage/streams.js';
import { presentTask } from '../tasks/tasks.module.js';
import type { FsArchiveService } from './fs-archive.service.js';
import type { ArchiveTasks, BuiltArchive } from './fs-archive.task.js';

const ZIP_HEADERS = {
  'Content-Type': 'application/zip',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * `POST /api/fs/archive {paths, name?, mode?}`: the file basket's ZIP, streamed (Driftbox's own route: the
 * original zipped in the browser), or with `mode: 'task'` built by an `archive` task whose ZIP
 * `GET /api/fs/tasks/{id}/download` serves once completed — to a browser by the signed link of
 * `POST /api/fs/tasks/{id}/download-link` (`GET /api/fs/archive-download/{id}`). MOUNT_VIEW before the body
 * is read; each path is authorised by the vfs.
 */
export function fsArchiveRoutes(service: FsArchiveService, tasks: ArchiveTasks): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/fs/archive', requirePermission(Permission.MOUNT_VIEW), async (c) => {
    const body = await readJson(c, FsArchiveBody);
    if (body.mode === 'task') {
      const task = await tasks.queue(c.get('actor'), body);
      const data = {
        jobId: task.id,
        task: presentTask(task, c.get('lang') ?? 'en'),
        downloadUrl: `/api/fs/tasks/${encodeURIComponent(task.id)}/download`,
      };
      return ok(c, data, { status: 202, message: msg('tasks.archiveQueued') });
    }
    const archive = await service.open(c.get('actor'), body);
    return c.body(responseBody(archive.stream), 200, {
      ...ZIP_HEADERS,
      'Content-Disposition': contentDisposition('attachment', archive.fileName),
    });
  });

  const serve = (c: Context<AppEnv>, file: BuiltArchive) =>
    c.body(responseBody(file.body), 200, {
      ...ZIP_HEADERS,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition('attachment', file.fileName),
    });

  app.get('/fs/tasks/:id/download', requirePermission(Permission.MOUNT_VIEW), async (c) =>
    serve(c, await tasks.download(c.get('actor'), c.req.param('id'))),
  );

  // A short-lived signed link to the built ZIP, which the browser opens by navigation (no header needed).
  app.post('/fs/tasks/:id/download-link', requirePermission(Permission.MOUNT_VIEW), async (c) => {
    const link = await tasks.link(c.get('actor'), c.req.param('id'));
    return ok(c, { url: link.url, expiresAt: link.expiresAt.toISOString() });
  });

  // The signed link itself: the signature is the authorisation (no login needed).
  app.get('/fs/archive-download/:id', async (c) =>
    serve(c, await tasks.downloadSigned(c.req.param('id'), c.req.query('by'), c.req.query('sign'))),
  );
  return app;
}
