import { z } from 'zod';

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

/** Site settings (group 4) every page needs; visitors may read these. Issue 5 adds the full catalogue. */
export const SITE_SETTING_DEFAULTS = {
  site_title: 'Driftbox',
  site_favicon_url: '',
  site_footer_markdown: '© 2026 Driftbox',
  site_announcement_enabled: 'false',
  site_announcement_content: '',
  site_custom_head: '',
  site_custom_body: '',
} as const;
export type SiteSettingKey = keyof typeof SITE_SETTING_DEFAULTS;

/** One settings row as `GET /api/admin/settings?group=4` returns it. */
export const SettingRow = z.object({
  key: z.string(),
  value: z.string(),
  group_id: z.number(),
  type: z.string(),
});
export type SettingRow = z.infer<typeof SettingRow>;
