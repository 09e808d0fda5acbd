import { MOUNT_PERMISSIONS, Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type AdminActor, type ApiKeyActor } from './actor.js';
import { allows, assertAdmin, assertPermission } from './authz.js';
import { AppError } from '../errors.js';

const admin: AdminActor = { type: 'admin', id: 'a', username: 'admin' };
const key = (permissions: number, basicPath = '/'): ApiKeyActor => ({
  type: 'apikey',
  id: 'k',
  name: 'k',
  permissions,
  basicPath,
  role: 'GENERAL',
  isGuest: 0,
  expiresAt: null,
});
const codeOf = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : 'OTHER';
  }
  return null;
};

describe('authorization helpers', () => {
  it('admins pass every permission check; keys need the bits', () => {
    expect(allows(admin, Permission.WEBDAV_MANAGE)).toBe(true);
    expect(allows(key(Permission.TEXT), Permission.TEXT)).toBe(true);
    expect(allows(key(Permission.TEXT), Permission.TEXT | Permission.FILE_SHARE)).toBe(false);
    expect(allows(key(Permission.MOUNT_COPY), { anyOf: MOUNT_PERMISSIONS })).toBe(true);
    expect(allows(key(Permission.TEXT), { anyOf: MOUNT_PERMISSIONS })).toBe(false);
    expect(allows(ANONYMOUS, 0)).toBe(false);
  });

  it('assertPermission: 401 anonymous (or the auth failure), 403 PERMISSION_DENIED without the bit', () => {
    expect(codeOf(() => assertPermission(ANONYMOUS, Permission.TEXT))).toBe('UNAUTHORIZED');
    expect(codeOf(() => assertPermission(ANONYMOUS, Permission.TEXT, new AppError('TOKEN_EXPIRED')))).toBe(
      'TOKEN_EXPIRED',
    );
    expect(codeOf(() => assertPermission(key(Permission.FILE_SHARE), Permission.TEXT))).toBe('PERMISSION_DENIED');
    expect(codeOf(() => assertPermission(key(Permission.TEXT), Permission.TEXT))).toBeNull();
  });

  it('assertAdmin: 403 ADMIN_ONLY for any key', () => {
    expect(codeOf(() => assertAdmin(key(0x3ffff)))).toBe('ADMIN_ONLY');
    expect(codeOf(() => assertAdmin(admin))).toBeNull();
  });
});
