/**
 * Children of /admin (spec §2), in menu order. A file of its own without imports, so the end-to-end checks
 * (e2e/tests/a11y-setup.ts) visit exactly these pages.
 */
export const ADMIN_PAGES = [
  'dashboard',
  'text-management',
  'file-management',
  'key-management',
  'mount-management',
  'storage-config',
  'backup',
  'account',
  'settings/global',
  'settings/preview',
  'settings/webdav',
  'settings/site',
] as const;
export type AdminPage = (typeof ADMIN_PAGES)[number];
