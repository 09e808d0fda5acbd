import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../middleware/guards.js';
import type { DashboardService } from './dashboard.service.js';

/** GET /admin/dashboard/stats (admin). */
export function dashboardRoutes(dashboard: DashboardService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/admin/dashboard/stats', requireAdmin(), async (c) => ok(c, await dashboard.stats(c.get('actor'))));
  return app;
}
