import {
  FsListUploadsBody,
  FsMultipartCompleteBody,
  FsMultipartInitBody,
  FsMultipartRefBody,
  FsMultipartRefreshBody,
  FsPresignBody,
  FsPresignCommitBody,
  Permission,
} from '@driftbox/contract';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { requestOrigin, type OriginPolicy } from '../../http/origin.js';
import { readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requirePermission } from '../../middleware/guards.js';
import type { FsMultipartService } from './fs-multipart.service.js';
import type { FsPresignService } from './fs-presign.service.js';

/** Part lists of the largest uploads (10 000 parts with their ETags) fit; nothing else is this big. */
const PART_LIST_LIMIT = 2 * 1024 * 1024;

/**
 * `/api/fs/presign`, `/api/fs/presign/commit` and `/api/fs/multipart/*` (MOUNT_UPLOAD; every path then
 * through the vfs in the services). Upload URLs are absolute on the trusted origin (LOCAL's are ours).
 */
export function fsUploadRoutes(
  presign: FsPresignService,
  multipart: FsMultipartService,
  options: OriginPolicy,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const upload = requirePermission(Permission.MOUNT_UPLOAD);
  const origin = (c: Context<AppEnv>) => requestOrigin(c, options);
  const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');

  app.post('/fs/presign', upload, async (c) => {
    const body = await readJson(c, FsPresignBody);
    const data = await presign.presign(c.get('actor'), body, origin(c));
    noStore(c);
    return ok(c, data);
  });

  app.post('/fs/presign/commit', upload, async (c) => {
    const body = await readJson(c, FsPresignCommitBody);
    return ok(c, await presign.commit(c.get('actor'), body), { message: msg('fsfiles.uploaded') });
  });

  app.post('/fs/multipart/init', upload, async (c) => {
    const body = await readJson(c, FsMultipartInitBody);
    const data = await multipart.init(c.get('actor'), body, origin(c));
    noStore(c);
    return ok(c, data);
  });

  app.post('/fs/multipart/complete', upload, async (c) => {
    const body = await readJson(c, FsMultipartCompleteBody, PART_LIST_LIMIT);
    return ok(c, await multipart.complete(c.get('actor'), body), { message: msg('fsfiles.uploaded') });
  });

  app.post('/fs/multipart/abort', upload, async (c) => {
    const body = await readJson(c, FsMultipartRefBody);
    return ok(c, await multipart.abort(c.get('actor'), body));
  });

  app.post('/fs/multipart/list-uploads', upload, async (c) => {
    const body = await readJson(c, FsListUploadsBody);
    return ok(c, await multipart.listUploads(c.get('actor'), body));
  });

  app.post('/fs/multipart/list-parts', upload, async (c) => {
    const body = await readJson(c, FsMultipartRefBody);
    return ok(c, await multipart.listParts(c.get('actor'), body));
  });

  app.post('/fs/multipart/refresh-urls', upload, async (c) => {
    const body = await readJson(c, FsMultipartRefreshBody, PART_LIST_LIMIT);
    const data = await multipart.refreshUrls(c.get('actor'), body, origin(c));
    noStore(c);
    return ok(c, data);
  });

  return app;
}
