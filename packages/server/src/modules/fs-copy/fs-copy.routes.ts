import {
  BatchCopyBody,
  BatchCopyCommitBody,
  Permission,
  type BatchCopyCommitDto,
  type BatchCopyDto,
} from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { assertAuthenticated } from '../../lib/auth/authz.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { t } from '../../lib/i18n/i18n.js';
import { requirePermission } from '../../middleware/guards.js';
import { presentTask } from '../tasks/tasks.module.js';
import type { FsCopyService } from './fs-copy.service.js';

/**
 * `POST /api/fs/batch-copy` and `POST /api/fs/batch-copy-commit` (notes §3.11), both for the `copy` bit;
 * the vfs checks each path (its rules, the base path, the view bit on a source).
 */
export function fsCopyRoutes(copies: FsCopyService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = requirePermission(Permission.MOUNT_COPY);

  // The original's answer, but never a client-side copy: 202 with the queued task.
  app.post('/fs/batch-copy', guard, async (c) => {
    const actor = c.get('actor');
    assertAuthenticated(actor);
    const body = await readJson(c, BatchCopyBody);
    const { task, crossStorage } = await copies.batchCopy(actor, body);
    const data: BatchCopyDto = {
      crossStorage,
      requiresClientSideCopy: false,
      success: 0,
      skipped: 0,
      failed: 0,
      details: [],
      jobId: task.id,
      task: presentTask(task, c.get('lang')),
    };
    return ok(c, data, { status: 202, message: msg('fsCopy.queued') });
  });

  // 202 when no file is at its target, as the original's body code said.
  app.post('/fs/batch-copy-commit', guard, async (c) => {
    const actor = c.get('actor');
    assertAuthenticated(actor);
    const body = await readJson(c, BatchCopyCommitBody);
    const result = await copies.commit(actor, body);
    const lang = c.get('lang');
    const data: BatchCopyCommitDto = {
      success: result.success,
      failed: result.failed.map((f) => ({ targetPath: f.targetPath, error: t(lang, f.error) })),
    };
    const none = result.success.length === 0;
    return ok(c, data, {
      status: none ? 202 : 200,
      message: none ? msg('fsCopy.commitNone') : msg('fsCopy.committed'),
    });
  });
  return app;
}
