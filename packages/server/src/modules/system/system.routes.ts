import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { SystemService } from './system.service.js';

/** GET /health and GET /version, both public. */
export function systemRoutes(system: SystemService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/health', async (c) => {
    const health = await system.health();
    // Top-level status/timestamp keep clients of the original (bare `{status, timestamp}`) working.
    return ok(c, health, {
      message: msg('system.healthOk'),
      extra: { status: health.status, timestamp: health.timestamp },
    });
  });

  app.get('/version', (c) => ok(c, system.version()));

  return app;
}
