import { BackupCreateBody } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requireAdmin } from '../../middleware/guards.js';
import { readBackupUpload } from './backup.input.js';
import { presentModules, presentPreview, presentRestore } from './backup.presenter.js';
import type { BackupService } from './backup.service.js';

/** A text given in pieces as a stream, so the file is never joined into one more string. */
function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

/**
 * Backup and restore under /admin/backup (admin only). The guard runs before any body is read, so only
 * the admin can make the server read a 200 MB upload.
 */
export function backupRoutes(backup: BackupService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/admin/backup/*', requireAdmin());

  app.get('/admin/backup/modules', async (c) =>
    ok(c, presentModules(await backup.modules(c.get('actor')), c.get('lang'))),
  );

  // A file download, not an envelope: the browser saves it as is.
  app.post('/admin/backup/create', async (c) => {
    const body = await readJson(c, BackupCreateBody);
    const file = await backup.create(c.get('actor'), body);
    return c.body(streamOf(file.parts), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      // It holds secrets: no shared or browser cache may keep a copy.
      'Cache-Control': 'no-store',
    });
  });

  app.post('/admin/backup/preview', async (c) => {
    const outcome = await backup.preview(c.get('actor'), await readBackupUpload(c));
    return ok(c, presentPreview(outcome, c.get('lang')));
  });

  app.post('/admin/backup/restore', async (c) => {
    const outcome = await backup.restore(c.get('actor'), await readBackupUpload(c));
    return ok(c, presentRestore(outcome, c.get('lang')), { message: msg('backup.restored') });
  });

  return app;
}
