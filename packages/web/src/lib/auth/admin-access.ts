import { Permission, hasAnyPermission, hasPermission } from '@driftbox/contract';
import type { AdminPage } from './admin-pages';

export { ADMIN_PAGES, type AdminPage } from './admin-pages';

/** The part of the auth state the guards look at. */
export type AccessSubject = { kind: 'none' } | { kind: 'admin' } | { kind: 'apikey'; permissions: number };

export type AdminAccess = { type: 'login' } | { type: 'allow' } | { type: 'redirect'; to: string };

/**
 * Keys that may sign in to the web app hold a share or a manage bit: the share bits (TEXT, FILE_SHARE)
 * create pastes and files from the editor and upload pages, the manage bits list and edit them.
 */
export const SIGN_IN_PERMISSIONS =
  Permission.TEXT | Permission.FILE_SHARE | Permission.TEXT_MANAGE | Permission.FILE_MANAGE;

/**
 * Keys that can use the management panel need a manage bit (the original's later split): text management
 * answers only TEXT_MANAGE and file management only FILE_MANAGE, so a key with share bits alone gets no page.
 */
export const PANEL_PERMISSIONS = Permission.TEXT_MANAGE | Permission.FILE_MANAGE;

/** Whether a key with these bits may sign in at all (editor, upload, the panel's sign-out). */
export function keyCanSignIn(permissions: number): boolean {
  return hasAnyPermission(permissions, SIGN_IN_PERMISSIONS);
}

/** Whether a key with these bits has a page in the panel. */
export function keyCanUsePanel(permissions: number): boolean {
  return hasAnyPermission(permissions, PANEL_PERMISSIONS);
}

/** The bit a key needs for each page it may open; every other admin page is admin-only (spec §6). */
const KEY_PAGES: Partial<Record<AdminPage, number>> = {
  'text-management': Permission.TEXT_MANAGE,
  'file-management': Permission.FILE_MANAGE,
};

export function adminPath(page: AdminPage): string {
  return `/admin/${page}`;
}

/** Spec §5: dashboard for admin, else text management, else file management (by the manage bits), else Home. */
export function firstUsablePage(subject: AccessSubject): string {
  if (subject.kind === 'admin') return adminPath('dashboard');
  if (subject.kind !== 'apikey') return '/';
  if (hasPermission(subject.permissions, Permission.TEXT_MANAGE)) return adminPath('text-management');
  if (hasPermission(subject.permissions, Permission.FILE_MANAGE)) return adminPath('file-management');
  return '/';
}

/**
 * The /admin route guard (spec §5), as a pure decision:
 * - nobody signed in: let them through, the admin area shows the login form in place (no redirect);
 * - an API key without TEXT_MANAGE or FILE_MANAGE: Home;
 * - admin-only pages (dashboard included), and a management page whose manage bit the key lacks, send
 *   a key to its first usable page: text management needs TEXT_MANAGE, file management FILE_MANAGE, as
 *   the server's /api/pastes and /api/files do (no page that then answers 403).
 * `page` is undefined for the bare /admin entry.
 */
export function resolveAdminAccess(subject: AccessSubject, page: AdminPage | undefined): AdminAccess {
  if (subject.kind === 'none') return { type: 'login' };
  if (subject.kind === 'admin') return page ? { type: 'allow' } : { type: 'redirect', to: adminPath('dashboard') };
  if (!keyCanUsePanel(subject.permissions)) return { type: 'redirect', to: '/' };
  const needed = page ? KEY_PAGES[page] : undefined;
  if (needed !== undefined && hasPermission(subject.permissions, needed)) return { type: 'allow' };
  return { type: 'redirect', to: firstUsablePage(subject) };
}

/** Whether the signed-in actor may do what `permission` grants: an admin always, a key by its own bits. */
export function canUse(subject: AccessSubject, permission: number): boolean {
  if (subject.kind === 'admin') return true;
  return subject.kind === 'apikey' && hasPermission(subject.permissions, permission);
}

/** An admin, or a key holding TEXT_MANAGE or FILE_MANAGE. */
export function canUsePanel(subject: AccessSubject): boolean {
  if (subject.kind === 'admin') return true;
  return subject.kind === 'apikey' && keyCanUsePanel(subject.permissions);
}

/** Menu filtering: an admin sees every page; a key sees only the pages its own bits name. */
export function isPageInMenu(subject: AccessSubject, page: AdminPage): boolean {
  if (subject.kind === 'admin') return true;
  const needed = KEY_PAGES[page];
  return needed !== undefined && canUse(subject, needed);
}
