import {
  SettingMetadataQuery,
  SettingsGroupParam,
  SettingsListQuery,
  SettingsUpdateBody,
  SettingsUpdateQuery,
} from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { parseWith, readJson, readQuery } from '../../http/request.js';
import { requireAdmin } from '../../middleware/guards.js';
import {
  presentGroups,
  presentGroupUpdate,
  presentSetting,
  presentSettingMap,
  presentSettingRows,
} from './settings.presenter.js';
import type { SettingsService } from './settings.service.js';

/**
 * Settings under /admin/settings (the site group is public, the rest admin-only) and the public
 * GET /system/max-upload-size.
 */
export function settingsRoutes(settings: SettingsService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/admin/settings', async (c) => {
    const { group, metadata } = readQuery(c, SettingsListQuery);
    const entries = await settings.list(c.get('actor'), group ?? null, c.get('authError'));
    const lang = c.get('lang');
    return ok(
      c,
      group === undefined ? presentSettingMap(entries, lang, metadata) : presentSettingRows(entries, lang, metadata),
    );
  });

  app.get('/admin/settings/groups', requireAdmin(), (c) =>
    ok(c, presentGroups(settings.groups(c.get('actor')), c.get('lang'))),
  );

  app.get('/admin/settings/metadata', requireAdmin(), async (c) => {
    const { key } = readQuery(c, SettingMetadataQuery);
    return ok(c, presentSetting(await settings.metadata(c.get('actor'), key), c.get('lang')));
  });

  app.put('/admin/settings/group/:group', requireAdmin(), async (c) => {
    const { group } = parseWith(SettingsGroupParam, { group: c.req.param('group') });
    const { validate } = readQuery(c, SettingsUpdateQuery);
    const body = await readJson(c, SettingsUpdateBody);
    const result = await settings.updateGroup(c.get('actor'), group, body, validate, c.get('lang'));
    const { data, message, status } = presentGroupUpdate(result, c.get('lang'));
    return ok(c, data, { status, message });
  });

  app.get('/system/max-upload-size', async (c) => ok(c, await settings.maxUploadSize()));

  return app;
}
