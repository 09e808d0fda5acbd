import { SITE_SETTING_DEFAULTS, type SiteSettingKey } from '@driftbox/contract';

/** Settings groups as the original numbers them (1 global, 2 preview, 3 WebDAV, 4 site). */
export const SETTING_GROUPS = { GLOBAL: 1, PREVIEW: 2, WEBDAV: 3, SITE: 4 } as const;

export interface SettingMeta {
  group: number;
  type: 'text' | 'textarea' | 'bool' | 'number' | 'select';
  defaultValue: string;
}

const SITE_TYPES: Record<SiteSettingKey, SettingMeta['type']> = {
  site_title: 'text',
  site_favicon_url: 'text',
  site_footer_markdown: 'textarea',
  site_announcement_enabled: 'bool',
  site_announcement_content: 'textarea',
  site_custom_head: 'textarea',
  site_custom_body: 'textarea',
};

/**
 * Known settings with their group, type and default. Only the site group exists yet; rows in the
 * table without an entry here are never served.
 */
export const SETTINGS_CATALOGUE: Record<string, SettingMeta> = Object.fromEntries(
  (Object.keys(SITE_TYPES) as SiteSettingKey[]).map((key) => [
    key,
    { group: SETTING_GROUPS.SITE, type: SITE_TYPES[key], defaultValue: SITE_SETTING_DEFAULTS[key] },
  ]),
);
