import { Permission, hasAnyPermission, hasPermission } from '@driftbox/contract';

/** Children of /admin (spec §2), in menu order. */
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

/** The part of the auth state the guards look at. */
export type AccessSubject = { kind: 'none' } | { kind: 'admin' } | { kind: 'apikey'; permissions: number };

export type AdminAccess = { type: 'login' } | { type: 'allow' } | { type: 'redirect'; to: string };

/** Keys that can use the management panel need one of these bits (spec §5 route guards); the one mask for the panel. */
export const PANEL_PERMISSIONS = Permission.TEXT | Permission.FILE_SHARE;

/** Whether a key with these bits may use the panel at all (log in, open /admin). */
export function keyCanUsePanel(permissions: number): boolean {
  return hasAnyPermission(permissions, PANEL_PERMISSIONS);
}

/** Pages an API key may open; every other admin page is admin-only (spec §6). */
const KEY_PAGES = new Set<AdminPage>(['text-management', 'file-management']);

export function adminPath(page: AdminPage): string {
  return `/admin/${page}`;
}

/** Spec §5: dashboard for admin, else text management, else file management, else Home. */
export function firstUsablePage(subject: AccessSubject): string {
  if (subject.kind === 'admin') return adminPath('dashboard');
  if (subject.kind !== 'apikey') return '/';
  if (hasPermission(subject.permissions, Permission.TEXT)) return adminPath('text-management');
  if (hasPermission(subject.permissions, Permission.FILE_SHARE)) return adminPath('file-management');
  return '/';
}

/**
 * The /admin route guard (spec §5), as a pure decision:
 * - nobody signed in: let them through, the admin area shows the login form in place (no redirect);
 * - an API key without TEXT or FILE_SHARE: Home;
 * - admin-only pages (dashboard included) send a key to its first usable page;
 * - text and file management accept a key holding either bit ("pages needing text or file
 *   permission accept either").
 * `page` is undefined for the bare /admin entry.
 */
export function resolveAdminAccess(subject: AccessSubject, page: AdminPage | undefined): AdminAccess {
  if (subject.kind === 'none') return { type: 'login' };
  if (subject.kind === 'admin') return page ? { type: 'allow' } : { type: 'redirect', to: adminPath('dashboard') };
  if (!keyCanUsePanel(subject.permissions)) return { type: 'redirect', to: '/' };
  if (page && KEY_PAGES.has(page)) return { type: 'allow' };
  return { type: 'redirect', to: firstUsablePage(subject) };
}

/** Whether the signed-in actor may do what `permission` grants: an admin always, a key by its own bits. */
export function canUse(subject: AccessSubject, permission: number): boolean {
  if (subject.kind === 'admin') return true;
  return subject.kind === 'apikey' && hasPermission(subject.permissions, permission);
}

/** An admin, or a key holding TEXT or FILE_SHARE; anyone else who is signed in goes Home. */
export function canUsePanel(subject: AccessSubject): boolean {
  if (subject.kind === 'admin') return true;
  return subject.kind === 'apikey' && keyCanUsePanel(subject.permissions);
}

/** Menu filtering: an admin sees every page; a key sees only the pages its own bits name. */
export function isPageInMenu(subject: AccessSubject, page: AdminPage): boolean {
  if (page === 'text-management') return canUse(subject, Permission.TEXT);
  if (page === 'file-management') return canUse(subject, Permission.FILE_SHARE);
  return subject.kind === 'admin';
}
