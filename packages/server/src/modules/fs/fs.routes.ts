import {
  FS_UPDATE_MAX_BYTES,
  FsBatchRemoveBody,
  FsFileLinkQuery,
  FsListQuery,
  FsMkdirBody,
  FsPathQuery,
  FsRenameBody,
  FsUpdateBody,
  Permission,
} from '@driftbox/contract';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok, okJson } from '../../http/envelope.js';
import { readJson, readQuery, streamBody } from '../../http/request.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { t } from '../../lib/i18n/i18n.js';
import { requirePermission } from '../../middleware/guards.js';
import { responseBody } from '../../storage/streams.js';
import type { StreamAnswer } from './fs-delivery.js';
import type { FsReadService } from './fs-read.service.js';
import type { FsWriteService } from './fs-write.service.js';
import { presentTask } from '../tasks/tasks.module.js';

/** The client's range and validators, as `streamObject` reads them. */
function streamHeaders(c: Context<AppEnv>) {
  return {
    range: c.req.header('range'),
    ifRange: c.req.header('if-range'),
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
    headOnly: c.req.method === 'HEAD',
  };
}

/** A streamed answer as a response (the body with backpressure; none for HEAD, 304 and 416). */
export function streamed(c: Context<AppEnv>, answer: StreamAnswer): Response {
  if (!answer.body) return c.body(null, answer.status, answer.headers);
  return c.body(responseBody(answer.body), answer.status as 200 | 206, answer.headers);
}

/**
 * `/api/fs/*` reads and simple writes (spec §7 "File system", notes §3.11). The guard checks the op's
 * bit before anything is read; every path then goes through the vfs in the services.
 */
export function fsRoutes(read: FsReadService, write: FsWriteService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const view = requirePermission(Permission.MOUNT_VIEW);
  const upload = requirePermission(Permission.MOUNT_UPLOAD);

  app.get('/fs/list', view, async (c) => {
    const query = readQuery(c, FsListQuery);
    const request = { cursor: query.cursor, limit: query.limit, fresh: query.refresh === 'true' };
    const body = await read.listAnswer(c.get('actor'), query.path, request, (data) => okJson(c, data));
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });

  app.get('/fs/get', view, async (c) => ok(c, await read.get(c.get('actor'), readQuery(c, FsPathQuery).path)));

  app.get('/fs/download', view, async (c) => {
    const { path } = readQuery(c, FsPathQuery);
    return streamed(c, await read.download(c.get('actor'), path, streamHeaders(c)));
  });

  app.get('/fs/file-link', view, async (c) => {
    const query = readQuery(c, FsFileLinkQuery);
    const expiresIn = query.expires_in ?? query.expire_in;
    const link = await read.fileLink(c.get('actor'), query.path, expiresIn, query.force_download === 'true');
    c.header('Cache-Control', 'no-store');
    return ok(c, link);
  });

  app.post('/fs/mkdir', upload, async (c) => {
    const { path } = await readJson(c, FsMkdirBody);
    return ok(c, await write.mkdir(c.get('actor'), path), { status: 201, message: msg('fsfiles.folderCreated') });
  });

  app.post('/fs/upload', upload, async (c) => {
    const contentType = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data/i.test(contentType))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { text: msg('files.upload.notMultipartForm') });
    const body = streamBody(c);
    if (!body) throw new AppError('BAD_REQUEST', { text: msg('files.form.noFile') });
    const result = await write.upload(c.get('actor'), body, contentType);
    return ok(c, result, { status: 201, message: msg('fsfiles.uploaded') });
  });

  app.post('/fs/update', upload, async (c) => {
    // JSON escapes can double a text's bytes; the service checks the 10 MB of the text itself.
    const { path, content } = await readJson(c, FsUpdateBody, 2 * FS_UPDATE_MAX_BYTES + 64 * 1024);
    return ok(c, await write.update(c.get('actor'), path, content), { message: msg('fsfiles.saved') });
  });

  app.post('/fs/rename', requirePermission(Permission.MOUNT_RENAME), async (c) => {
    const { oldPath, newPath } = await readJson(c, FsRenameBody);
    return ok(c, await write.rename(c.get('actor'), oldPath, newPath), { message: msg('fsfiles.renamed') });
  });

  const remove = async (c: Context<AppEnv>) => {
    const { paths } = await readJson(c, FsBatchRemoveBody);
    const { success, failed, task } = await write.remove(c.get('actor'), paths);
    const lang = c.get('lang') ?? 'en';
    const data = { success, failed: failed.map((f) => ({ path: f.path, error: t(lang, f.error) })) };
    // A folder was queued: 202 with the task, as batch-copy answers.
    if (task)
      return ok(
        c,
        { ...data, jobId: task.id, task: presentTask(task, lang) },
        { status: 202, message: msg('fsfiles.removeQueued') },
      );
    return ok(c, data, { message: msg('fsfiles.removed') });
  };
  app.delete('/fs/batch-remove', requirePermission(Permission.MOUNT_DELETE), remove);
  app.post('/fs/batch-remove', requirePermission(Permission.MOUNT_DELETE), remove);

  // Signed proxy links of web-proxy mounts: the signature is the authorisation (no login needed).
  app.on(['GET', 'HEAD'], '/p/*', async (c) => {
    const raw = new URL(c.req.url).pathname.slice('/api/p'.length) || '/';
    const disposition = c.req.query('download') === 'true' ? 'attachment' : 'inline';
    const answer = await read.proxy(raw, c.req.query('sign'), { ...streamHeaders(c), disposition });
    return streamed(c, answer);
  });

  return app;
}
