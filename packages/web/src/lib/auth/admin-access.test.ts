import { Permission, ROLE_PRESETS } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PAGES,
  canUse,
  canUsePanel,
  keyCanSignIn,
  firstUsablePage,
  isPageInMenu,
  resolveAdminAccess,
  type AccessSubject,
} from './admin-access';

const none: AccessSubject = { kind: 'none' };
const admin: AccessSubject = { kind: 'admin' };
const key = (permissions: number): AccessSubject => ({ kind: 'apikey', permissions });

const ADMIN_ONLY = ADMIN_PAGES.filter((page) => page !== 'text-management' && page !== 'file-management');

describe('resolveAdminAccess (spec §5 route guards)', () => {
  it('lets an unauthenticated visitor through to the login form, on every page, without redirect', () => {
    expect(resolveAdminAccess(none, undefined)).toEqual({ type: 'login' });
    for (const page of ADMIN_PAGES) expect(resolveAdminAccess(none, page)).toEqual({ type: 'login' });
  });

  it('allows an admin everywhere and sends bare /admin to the dashboard', () => {
    for (const page of ADMIN_PAGES) expect(resolveAdminAccess(admin, page)).toEqual({ type: 'allow' });
    expect(resolveAdminAccess(admin, undefined)).toEqual({ type: 'redirect', to: '/admin/dashboard' });
  });

  it('sends a key without TEXT_MANAGE or FILE_MANAGE home, whatever the page (share bits alone open no page)', () => {
    for (const bits of [Permission.TEXT, Permission.FILE_SHARE, Permission.TEXT | Permission.FILE_SHARE]) {
      for (const page of ADMIN_PAGES)
        expect(resolveAdminAccess(key(bits), page)).toEqual({ type: 'redirect', to: '/' });
    }
    const mountOnly = key(Permission.MOUNT_VIEW | Permission.WEBDAV_READ);
    expect(resolveAdminAccess(mountOnly, undefined)).toEqual({ type: 'redirect', to: '/' });
    for (const page of ADMIN_PAGES) expect(resolveAdminAccess(mountOnly, page)).toEqual({ type: 'redirect', to: '/' });
  });

  it('redirects a key from admin-only pages (dashboard included) to its first usable page', () => {
    for (const page of ADMIN_ONLY) {
      expect(resolveAdminAccess(key(Permission.TEXT_MANAGE), page)).toEqual({
        type: 'redirect',
        to: '/admin/text-management',
      });
      expect(resolveAdminAccess(key(Permission.FILE_MANAGE), page)).toEqual({
        type: 'redirect',
        to: '/admin/file-management',
      });
    }
    expect(resolveAdminAccess(key(ROLE_PRESETS.ADMIN), 'key-management')).toEqual({
      type: 'redirect',
      to: '/admin/text-management',
    });
  });

  it('opens text management only with TEXT_MANAGE and file management only with FILE_MANAGE (as the API answers)', () => {
    const textManager = key(Permission.TEXT | Permission.TEXT_MANAGE | Permission.FILE_SHARE);
    expect(resolveAdminAccess(textManager, 'text-management')).toEqual({ type: 'allow' });
    expect(resolveAdminAccess(textManager, 'file-management')).toEqual({
      type: 'redirect',
      to: '/admin/text-management',
    });
    const fileManager = key(Permission.FILE_MANAGE | Permission.TEXT);
    expect(resolveAdminAccess(fileManager, 'file-management')).toEqual({ type: 'allow' });
    expect(resolveAdminAccess(fileManager, 'text-management')).toEqual({
      type: 'redirect',
      to: '/admin/file-management',
    });
    const both = key(Permission.TEXT_MANAGE | Permission.FILE_MANAGE);
    expect(resolveAdminAccess(both, 'text-management')).toEqual({ type: 'allow' });
    expect(resolveAdminAccess(both, 'file-management')).toEqual({ type: 'allow' });
  });
});

describe('firstUsablePage', () => {
  it('orders dashboard, text management, file management, home', () => {
    expect(firstUsablePage(admin)).toBe('/admin/dashboard');
    expect(firstUsablePage(key(Permission.TEXT_MANAGE | Permission.FILE_MANAGE))).toBe('/admin/text-management');
    expect(firstUsablePage(key(Permission.FILE_MANAGE | Permission.TEXT))).toBe('/admin/file-management');
    expect(firstUsablePage(key(Permission.TEXT | Permission.FILE_SHARE))).toBe('/');
    expect(firstUsablePage(key(Permission.MOUNT_VIEW))).toBe('/');
    expect(firstUsablePage(none)).toBe('/');
  });
});

describe('isPageInMenu', () => {
  it('shows an admin every page and a key only the pages its bits name', () => {
    expect(ADMIN_PAGES.every((page) => isPageInMenu(admin, page))).toBe(true);
    const textKey = key(Permission.TEXT | Permission.TEXT_MANAGE | Permission.FILE_SHARE | Permission.MOUNT_VIEW);
    expect(ADMIN_PAGES.filter((page) => isPageInMenu(textKey, page))).toEqual(['text-management']);
    const both = key(Permission.TEXT_MANAGE | Permission.FILE_MANAGE);
    expect(ADMIN_PAGES.filter((page) => isPageInMenu(both, page))).toEqual(['text-management', 'file-management']);
    const sharesOnly = key(Permission.TEXT | Permission.FILE_SHARE);
    expect(ADMIN_PAGES.some((page) => isPageInMenu(sharesOnly, page))).toBe(false);
    expect(ADMIN_PAGES.some((page) => isPageInMenu(none, page))).toBe(false);
  });
});

describe('canUse', () => {
  it('lets the admin do anything, a key only what its bits grant, and nobody signed out', () => {
    const textKey = key(Permission.TEXT);
    expect(canUse(admin, Permission.FILE_SHARE)).toBe(true);
    expect(canUse(textKey, Permission.TEXT)).toBe(true);
    expect(canUse(textKey, Permission.FILE_SHARE)).toBe(false);
    expect(canUse(none, Permission.TEXT)).toBe(false);
  });
});

describe('keyCanSignIn and canUsePanel', () => {
  it('signs in a key with a share or manage bit; only a manage bit opens the panel', () => {
    expect(keyCanSignIn(Permission.TEXT)).toBe(true);
    expect(keyCanSignIn(Permission.FILE_SHARE)).toBe(true);
    expect(keyCanSignIn(Permission.FILE_MANAGE)).toBe(true);
    expect(keyCanSignIn(Permission.MOUNT_VIEW | Permission.WEBDAV_READ)).toBe(false);
    expect(canUsePanel(key(Permission.TEXT | Permission.FILE_SHARE))).toBe(false);
    expect(canUsePanel(key(Permission.TEXT_MANAGE))).toBe(true);
    expect(canUsePanel(admin)).toBe(true);
    expect(canUsePanel(none)).toBe(false);
  });
});
