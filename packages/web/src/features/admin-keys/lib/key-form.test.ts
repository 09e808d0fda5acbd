import {
  ALL_PERMISSIONS,
  Permission,
  ROLE_PRESETS,
  fromPermissionObject,
  toPermissionObject,
  type ApiKeyDto,
} from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import {
  applyRolePreset,
  buildCreateBody,
  buildUpdateBody,
  emptyKeyForm,
  expiryToWire,
  isExpired,
  keyFormFromDto,
  togglePermission,
} from './key-form';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

const dto: ApiKeyDto = {
  id: 'k1',
  name: 'ci',
  key_masked: 'abc123...',
  permissions: Permission.TEXT | Permission.WEBDAV_READ,
  permission_names: ['TEXT', 'WEBDAV_READ'],
  role: 'GENERAL',
  basic_path: '/team',
  is_guest: 0,
  is_enable: 1,
  expires_at: '2026-04-01T00:00:00.000Z',
  last_used: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('role presets and permission bits', () => {
  it('a preset sets exactly its bits; GUEST also marks a guest key', () => {
    const base = togglePermission(emptyKeyForm(), Permission.WEBDAV_MANAGE, true);
    expect(applyRolePreset(base, 'GUEST')).toMatchObject({
      role: 'GUEST',
      permissions: Permission.MOUNT_VIEW,
      isGuest: true,
    });
    expect(applyRolePreset(base, 'ADMIN')).toMatchObject({
      role: 'ADMIN',
      permissions: ALL_PERMISSIONS,
      isGuest: false,
    });
    expect(applyRolePreset(base, 'GENERAL').permissions).toBe(ROLE_PRESETS.GENERAL);
  });

  it('toggling sets and clears single bits and round-trips through the object form', () => {
    let values = { ...emptyKeyForm(), permissions: 0 };
    values = togglePermission(values, Permission.FILE_SHARE, true);
    values = togglePermission(values, Permission.MOUNT_RENAME, true);
    values = togglePermission(values, Permission.FILE_SHARE, false);
    expect(values.permissions).toBe(Permission.MOUNT_RENAME);
    const object = toPermissionObject(values.permissions);
    expect(object).toMatchObject({ file: false, mount_rename: true, text: false });
    expect(fromPermissionObject(object)).toBe(values.permissions);
  });
});

describe('expiry', () => {
  it('turns presets into ISO timestamps client-side, never into "never" and keep into nothing', () => {
    expect(expiryToWire('1', undefined, NOW)).toBe('2026-03-02T12:00:00.000Z');
    expect(expiryToWire('30', undefined, NOW)).toBe('2026-03-31T12:00:00.000Z');
    expect(expiryToWire('custom', 3, NOW)).toBe('2026-03-04T12:00:00.000Z');
    expect(expiryToWire('never', undefined, NOW)).toBe('never');
    expect(expiryToWire('keep', undefined, NOW)).toBeUndefined();
  });

  it('custom expiry requires a whole number of days', () => {
    const custom = { ...emptyKeyForm(), name: 'x', expiry: 'custom' as const };
    expect(buildCreateBody(custom, NOW)).toEqual({ ok: false, errors: { customDays: 'daysRequired' } });
    expect(buildCreateBody({ ...custom, customDays: '1.5' }, NOW)).toEqual({
      ok: false,
      errors: { customDays: 'daysInvalid' },
    });
    expect(buildCreateBody({ ...custom, customDays: '0' }, NOW)).toEqual({
      ok: false,
      errors: { customDays: 'daysInvalid' },
    });
    const result = buildCreateBody({ ...custom, customDays: '10' }, NOW);
    expect(result.ok && result.body.expires_at).toBe('2026-03-11T12:00:00.000Z');
  });

  it('marks a key expired only once its time has passed', () => {
    expect(isExpired(null, NOW)).toBe(false);
    expect(isExpired('2026-03-01T11:59:59.000Z', NOW)).toBe(true);
    expect(isExpired('2026-03-01T12:00:01.000Z', NOW)).toBe(false);
  });
});

describe('buildCreateBody / buildUpdateBody (contract schema)', () => {
  it('builds the create body', () => {
    const result = buildCreateBody(
      { ...emptyKeyForm(), name: ' laptop ', customKey: 'my_custom-key', basicPath: '/docs', expiry: 'never' },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'laptop',
        custom_key: 'my_custom-key',
        permissions: ROLE_PRESETS.GENERAL,
        role: 'GENERAL',
        basic_path: '/docs',
        is_guest: 0,
        expires_at: 'never',
      },
    });
  });

  it('names the failing fields: empty name, bad custom key, path with ..', () => {
    const result = buildCreateBody({ ...emptyKeyForm(), name: '  ', customKey: 'bad key!', basicPath: '/a/../b' }, NOW);
    expect(result).toEqual({
      ok: false,
      errors: { name: 'nameRequired', custom_key: 'customKeyInvalid', basic_path: 'basicPathInvalid' },
    });
  });

  it('edits start from the stored key, keep the expiry and never send a key', () => {
    const values = keyFormFromDto(dto);
    expect(values).toMatchObject({
      name: 'ci',
      permissions: dto.permissions,
      basicPath: '/team',
      expiry: 'keep',
      isGuest: false,
    });
    const result = buildUpdateBody(values, NOW);
    expect(result).toEqual({
      ok: true,
      body: { name: 'ci', permissions: dto.permissions, role: 'GENERAL', basic_path: '/team', is_guest: 0 },
    });
    const changed = buildUpdateBody({ ...values, expiry: '7' }, NOW);
    expect(changed.ok && changed.body.expires_at).toBe('2026-03-08T12:00:00.000Z');
  });
});
