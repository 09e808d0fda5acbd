import type { TFunction } from 'i18next';
import type { AdminPage } from '../lib/auth/admin-access';

/**
 * The admin pages' names (menu entries, page subtitles, tab titles), without their icons: the router needs them for
 * every page's title, and the icons are not in a visitor's first JavaScript (issue 30; admin-pages.ts adds them).
 */
export const ADMIN_PAGE_LABELS: Record<AdminPage, (t: TFunction) => string> = {
  dashboard: (t) => t('admin.menu.dashboard'),
  'text-management': (t) => t('admin.menu.textManagement'),
  'file-management': (t) => t('admin.menu.fileManagement'),
  'key-management': (t) => t('admin.menu.keyManagement'),
  'mount-management': (t) => t('admin.menu.mountManagement'),
  'storage-config': (t) => t('admin.menu.storageConfig'),
  backup: (t) => t('admin.menu.backup'),
  account: (t) => t('admin.menu.account'),
  'settings/global': (t) => t('admin.menu.settingsGlobal'),
  'settings/preview': (t) => t('admin.menu.settingsPreview'),
  'settings/webdav': (t) => t('admin.menu.settingsWebdav'),
  'settings/site': (t) => t('admin.menu.settingsSite'),
};
