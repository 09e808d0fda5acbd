import type { SettingGroupId } from '@driftbox/contract';

/** Locale names of the settings groups (`settings.pages.<name>`), one per admin settings page. */
export const GROUP_NAMES = { 1: 'global', 2: 'preview', 3: 'webdav', 4: 'site' } as const satisfies Record<
  SettingGroupId,
  string
>;
