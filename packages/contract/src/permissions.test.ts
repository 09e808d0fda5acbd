import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  Permission,
  ROLE_PRESETS,
  fromPermissionObject,
  hasAnyPermission,
  hasPermission,
  isValidPermissionMask,
  MOUNT_PERMISSIONS,
  permissionNames,
  splitShareBits,
  toPermissionObject,
} from './permissions.js';
import { ApiKeyCreateBody } from './schemas/api-keys.js';

describe('permission bits', () => {
  it('match the spec values', () => {
    expect(Permission).toEqual({
      TEXT: 1,
      FILE_SHARE: 2,
      TEXT_MANAGE: 4,
      FILE_MANAGE: 8,
      MOUNT_VIEW: 256,
      MOUNT_UPLOAD: 512,
      MOUNT_COPY: 1024,
      MOUNT_RENAME: 2048,
      MOUNT_DELETE: 4096,
      WEBDAV_READ: 65536,
      WEBDAV_MANAGE: 131072,
    });
    expect(ALL_PERMISSIONS).toBe(1 + 2 + 4 + 8 + 256 + 512 + 1024 + 2048 + 4096 + 65536 + 131072);
  });

  it('checks every required bit', () => {
    const mask = Permission.TEXT | Permission.MOUNT_VIEW;
    expect(hasPermission(mask, Permission.TEXT)).toBe(true);
    expect(hasPermission(mask, Permission.FILE_SHARE)).toBe(false);
    expect(hasPermission(mask, Permission.TEXT | Permission.FILE_SHARE)).toBe(false);
    expect(hasAnyPermission(mask, Permission.TEXT | Permission.FILE_SHARE)).toBe(true);
    expect(hasAnyPermission(Permission.MOUNT_DELETE, MOUNT_PERMISSIONS)).toBe(true);
    expect(hasAnyPermission(Permission.TEXT, MOUNT_PERMISSIONS)).toBe(false);
  });

  it('round-trips between mask and object form', () => {
    for (const mask of [0, 1, 3, ROLE_PRESETS.GENERAL, ALL_PERMISSIONS, Permission.WEBDAV_MANAGE]) {
      expect(fromPermissionObject(toPermissionObject(mask))).toBe(mask);
    }
    expect(toPermissionObject(Permission.FILE_SHARE)).toMatchObject({ text: false, file: true, webdav_read: false });
  });

  it('accepts the file_share alias and ignores unknown or false flags', () => {
    expect(fromPermissionObject({ file_share: true, text: false, bogus: true })).toBe(Permission.FILE_SHARE);
  });

  it('names bits in order', () => {
    expect(permissionNames(Permission.WEBDAV_READ | Permission.TEXT)).toEqual(['TEXT', 'WEBDAV_READ']);
  });

  it('maps masks of before the share/manage split so no key gains or loses a right', () => {
    expect(splitShareBits(0)).toBe(0);
    expect(splitShareBits(Permission.TEXT)).toBe(Permission.TEXT | Permission.TEXT_MANAGE);
    expect(splitShareBits(Permission.FILE_SHARE | Permission.MOUNT_VIEW)).toBe(
      Permission.FILE_SHARE | Permission.FILE_MANAGE | Permission.MOUNT_VIEW,
    );
    expect(splitShareBits(Permission.WEBDAV_READ)).toBe(Permission.WEBDAV_READ);
  });

  it('refuses undefined bits', () => {
    expect(isValidPermissionMask(ALL_PERMISSIONS)).toBe(true);
    expect(isValidPermissionMask(16)).toBe(false);
    expect(isValidPermissionMask(-1)).toBe(false);
    expect(isValidPermissionMask(1.5)).toBe(false);
  });

  it('key bodies accept both permission forms', () => {
    expect(ApiKeyCreateBody.parse({ name: 'a', permissions: 3 }).permissions).toBe(3);
    expect(ApiKeyCreateBody.parse({ name: 'a', permissions: { text: true, mount_view: true } }).permissions).toBe(257);
    expect(ApiKeyCreateBody.safeParse({ name: 'a', permissions: 16 }).success).toBe(false);
  });

  it('key bodies default role, base path and guest flag, and validate custom keys', () => {
    const body = ApiKeyCreateBody.parse({ name: ' ci ', custom_key: '' });
    expect(body).toMatchObject({ name: 'ci', role: 'GENERAL', basic_path: '/', is_guest: 0, custom_key: undefined });
    expect(ApiKeyCreateBody.safeParse({ name: 'a', custom_key: 'has space inside' }).success).toBe(false);
    expect(ApiKeyCreateBody.safeParse({ name: 'a', custom_key: 'short' }).success).toBe(false);
    expect(ApiKeyCreateBody.parse({ name: 'a', custom_key: 'Good_key-123' }).custom_key).toBe('Good_key-123');
    expect(ApiKeyCreateBody.safeParse({ name: '' }).success).toBe(false);
    expect(ApiKeyCreateBody.parse({ name: 'a', basic_path: '/docs//a/' }).basic_path).toBe('/docs/a');
    expect(ApiKeyCreateBody.safeParse({ name: 'a', basic_path: '/docs/../etc' }).success).toBe(false);
    expect(ApiKeyCreateBody.parse({ name: 'a', expires_at: 'never' }).expires_at).toBeNull();
  });
});
