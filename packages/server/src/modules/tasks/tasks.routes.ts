import { MOUNT_PERMISSIONS, TaskListQuery } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readQuery } from '../../http/request.js';
import { assertAuthenticated } from '../../lib/auth/authz.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requirePermission } from '../../middleware/guards.js';
import { presentTask } from './tasks.presenter.js';
import type { TasksService } from './tasks.service.js';

/** The routes under one prefix: the original's `/fs/jobs` and Driftbox's `/fs/tasks` are the same routes. */
function taskRoutes(tasks: TasksService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Admins, or keys with any mount bit; a key sees and acts on its own tasks only (others' are 404).
  const guard = requirePermission({ anyOf: MOUNT_PERMISSIONS });
  const caller = (actor: AppEnv['Variables']['actor']) => {
    assertAuthenticated(actor);
    return actor;
  };

  app.get('/', guard, async (c) => {
    const query = readQuery(c, TaskListQuery);
    const { rows, total } = await tasks.list(caller(c.get('actor')), query);
    const lang = c.get('lang');
    return ok(c, { jobs: rows.map((r) => presentTask(r, lang)), total, limit: query.limit, offset: query.offset });
  });
  app.delete('/', guard, async (c) =>
    ok(c, await tasks.clear(caller(c.get('actor'))), { message: msg('tasks.cleared') }),
  );
  app.get('/:id', guard, async (c) =>
    ok(c, presentTask(await tasks.get(caller(c.get('actor')), c.req.param('id')), c.get('lang'))),
  );
  app.delete('/:id', guard, async (c) => {
    await tasks.remove(caller(c.get('actor')), c.req.param('id'));
    return ok(c, null, { message: msg('tasks.deleted') });
  });
  app.post('/:id/cancel', guard, async (c) => {
    const row = await tasks.cancel(caller(c.get('actor')), c.req.param('id'));
    const message = row.status === 'cancelled' ? msg('tasks.cancelled') : msg('tasks.cancelRequested');
    return ok(c, presentTask(row, c.get('lang')), { message });
  });
  app.post('/:id/retry', guard, async (c) =>
    ok(c, presentTask(await tasks.retry(caller(c.get('actor')), c.req.param('id')), c.get('lang')), {
      message: msg('tasks.retried'),
    }),
  );
  return app;
}

/** Server-side tasks (spec §4 task states): list, get, cancel, retry, delete one, clear finished. */
export function tasksRoutes(tasks: TasksService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const routes = taskRoutes(tasks);
  app.route('/fs/jobs', routes);
  app.route('/fs/tasks', routes);
  return app;
}
