import { z } from 'zod';
import type { SettingKey } from '../settings-catalogue.js';
import { SITE_DEFAULTS } from '../site-defaults.js';

/** `data` of `GET /api/version`. */
export const VersionDto = z.object({
  version: z.string(),
  name: z.string(),
  environment: z.string(),
  storage: z.string(),
  nodeVersion: z.string(),
  uptime: z.number(),
});
export type VersionDto = z.infer<typeof VersionDto>;

/** `data` of `GET /api/health`. */
export const HealthDto = z.object({
  status: z.literal('ok'),
  timestamp: z.string(),
  database: z.literal('ok'),
});
export type HealthDto = z.infer<typeof HealthDto>;

/** Keys of the site group (4), in display order: what every page needs, readable by visitors. */
export const SITE_SETTING_KEYS = [
  'site_title',
  'site_favicon_url',
  'site_announcement_enabled',
  'site_announcement_content',
  'site_footer_markdown',
  'site_custom_head',
  'site_custom_body',
] as const satisfies readonly SettingKey[];
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/** Defaults of the site settings: the catalogue's (it takes them from site-defaults.ts, free of zod for the web's first page). */
export const SITE_SETTING_DEFAULTS: Readonly<Record<SiteSettingKey, string>> = SITE_DEFAULTS;

/**
 * The part of a settings row every page relies on (`GET /api/admin/settings?group=4`). Rows carry more
 * metadata (see `SettingDto`); parsing with this schema keeps only these fields.
 */
export const SettingRow = z.object({
  key: z.string(),
  value: z.string(),
  group_id: z.number(),
  type: z.string(),
});
export type SettingRow = z.infer<typeof SettingRow>;
