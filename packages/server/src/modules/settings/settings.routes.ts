import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../lib/envelope.js';
import { readQuery } from '../../lib/request.js';
import type { SettingsService } from './settings.service.js';

/** `group` selects one group; the original's `metadata`/`includeSystem` flags are accepted and ignored. */
const SettingsQuery = z.object({ group: z.coerce.number().int().min(1).max(999).optional() });

/** GET /admin/settings: the site group (4) for anyone, other groups and the full map for admins. */
export function settingsRoutes(settings: SettingsService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/admin/settings', async (c) => {
    const { group } = readQuery(c, SettingsQuery);
    const actor = c.get('actor');
    const authError = c.get('authError');
    if (group === undefined) return ok(c, await settings.listAll(actor, authError));
    return ok(c, await settings.listGroup(actor, group, authError));
  });

  return app;
}
