import { FileBatchDeleteBody, FileListQuery, FileUpdateBody, Permission } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../../app-env.js';
import { ok } from '../../../http/envelope.js';
import { requestOrigin, type OriginPolicy } from '../../../http/origin.js';
import { readJson, readQuery } from '../../../http/request.js';
import { msg } from '../../../lib/i18n/catalogue.js';
import { requirePermission } from '../../../middleware/guards.js';
import type { FilesService } from './files.service.js';

/** `/files` management (spec §7 "Files"): admins see every share, keys with FILE_SHARE their own. */
export function filesRoutes(files: FilesService, options: OriginPolicy): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const fileManage = requirePermission(Permission.FILE_MANAGE);

  app.get('/files', fileManage, async (c) => {
    const { items, pagination } = await files.list(c.get('actor'), readQuery(c, FileListQuery));
    // The original's file list nests both (`data: {files, pagination}`); its paste list does not.
    return ok(c, { files: items, pagination });
  });

  app.delete('/files/batch-delete', fileManage, async (c) => {
    const body = await readJson(c, FileBatchDeleteBody);
    const result = await files.removeMany(c.get('actor'), body, c.get('lang'));
    return ok(c, result, { message: msg(result.deleted > 0 ? 'files.deleted' : 'files.noneDeleted') });
  });

  app.get('/files/:id', fileManage, async (c) =>
    ok(c, await files.get(c.get('actor'), c.req.param('id'), requestOrigin(c, options))),
  );

  app.put('/files/:id', fileManage, async (c) => {
    const body = await readJson(c, FileUpdateBody);
    return ok(c, await files.update(c.get('actor'), c.req.param('id'), body, requestOrigin(c, options)), {
      message: msg('files.updated'),
    });
  });

  return app;
}
