import { Permission, type ApiKeyWithSecretDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto/digest.js';
import { TEST_START } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { inDays, apiKeyCalls } from './api-keys.test-support.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('api-keys routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { create, created } = apiKeyCalls(h);

  describe('POST /api/admin/api-keys', () => {
    it('creates a key with defaults: random 32-char key, GENERAL, /, not guest, expiring in one day', async () => {
      const res = await create({ name: 'ci', permissions: Permission.TEXT });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ code: 201, success: true, message: 'API key created' });
      const key = res.body.data as ApiKeyWithSecretDto;
      expect(key).toEqual({
        id: expect.any(String),
        name: 'ci',
        key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        key_masked: `${key.key.slice(0, 6)}…`,
        permissions: 1,
        permission_names: ['TEXT'],
        role: 'GENERAL',
        basic_path: '/',
        is_guest: 0,
        is_enable: 1,
        expires_at: inDays(1),
        last_used: null,
        created_at: TEST_START,
        updated_at: TEST_START,
      });
    });

    it('stores the key only as a digest and as ciphertext', async () => {
      const key = await created({ name: 'stored', permissions: 1 });
      const row = await h.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(sha256Hex(key.key));
      expect(row.key_encrypted).not.toContain(key.key);
      expect(Object.values(row)).not.toContain(key.key);
    });

    it('accepts permissions in object form, role, basic_path, is_guest and a custom key', async () => {
      const key = await created({
        name: 'full',
        custom_key: 'my_custom-key_123',
        permissions: { text: true, file_share: true, mount_view: true, webdav_read: false },
        role: 'GUEST',
        basic_path: '/docs//team/',
        is_guest: true,
        expires_at: 'never',
      });
      expect(key).toMatchObject({
        key: 'my_custom-key_123',
        key_masked: 'my_cus…',
        permissions: Permission.TEXT | Permission.FILE_SHARE | Permission.MOUNT_VIEW,
        permission_names: ['TEXT', 'FILE_SHARE', 'MOUNT_VIEW'],
        role: 'GUEST',
        basic_path: '/docs/team',
        is_guest: 1,
        expires_at: null,
      });
    });

    it('masks short custom keys to at most half their length', async () => {
      expect((await created({ name: 'short', custom_key: 'abcdefgh' })).key_masked).toBe('abcd…');
    });

    it.each([
      ['a preset of 7 days', inDays(7), inDays(7)],
      ['a custom 90 days', inDays(90), inDays(90)],
      ['an offset timestamp, stored as UTC', '2026-03-01T08:00:00+08:00', '2026-03-01T00:00:00.000Z'],
      ['never', 'never', null],
      ['null', null, null],
    ])('stores expiry given as %s', async (_label, input, stored) => {
      expect((await created({ name: 'exp', expires_at: input })).expires_at).toBe(stored);
    });

    it.each([
      ['no name', { permissions: 1 }, 'name'],
      ['a blank name', { name: '   ' }, 'name'],
      ['a custom key with bad characters', { name: 'k', custom_key: 'has spaces!!' }, 'custom_key'],
      ['a too short custom key', { name: 'k', custom_key: 'abc' }, 'custom_key'],
      ['unknown permission bits', { name: 'k', permissions: 16 }, 'permissions'],
      ['negative permissions', { name: 'k', permissions: -1 }, 'permissions'],
      ['an unknown role', { name: 'k', role: 'ROOT' }, 'role'],
      ['a base path with ..', { name: 'k', basic_path: '/a/../b' }, 'basic_path'],
      ['an unparsable expiry', { name: 'k', expires_at: 'tomorrow' }, 'expires_at'],
      ['an expiry in the past', { name: 'k', expires_at: '2025-12-31T23:59:59.000Z' }, 'expires_at'],
      ['an expiry equal to now', { name: 'k', expires_at: TEST_START }, 'expires_at'],
    ])('400 VALIDATION_FAILED for %s', async (_label, body, field) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null, error: 'VALIDATION_FAILED' });
      expect((res.body.details as { path: string }[]).map((d) => d.path)).toContain(field);
      expect(await h.db.selectFrom('api_keys').select('id').execute()).toHaveLength(0);
    });

    it('409 NAME_TAKEN for a duplicate name and KEY_TAKEN for a duplicate custom key', async () => {
      await created({ name: 'dup', custom_key: 'shared-custom-key' });
      const byName = await create({ name: 'dup' });
      expect(byName.body).toMatchObject({
        code: 409,
        success: false,
        data: null,
        error: 'NAME_TAKEN',
        message: 'Name already in use',
      });
      const byKey = await create({ name: 'other', custom_key: 'shared-custom-key' });
      expect(byKey.body).toMatchObject({ code: 409, error: 'KEY_TAKEN', message: 'Key already in use' });
    });

    it('ignores fields outside the whitelist (no mass assignment)', async () => {
      const key = await created({
        name: 'mass',
        id: 'chosen-id',
        key: 'chosen-key-value',
        key_hash: 'x',
        last_used: TEST_START,
        created_at: '2000-01-01T00:00:00.000Z',
      });
      expect(key.id).not.toBe('chosen-id');
      expect(key.key).not.toBe('chosen-key-value');
      expect(key.last_used).toBeNull();
      expect(key.created_at).toBe(TEST_START);
    });
  });

  describe('GET /api/admin/api-keys and /{id}', () => {
    it('lists newest first with masked and full keys (the original lists them), never the digest or ciphertext', async () => {
      const first = await created({ name: 'first', permissions: 1 });
      h.clock.advance(1000);
      const second = await created({ name: 'second', permissions: Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD });
      const res = await h.call('GET', '/api/admin/api-keys', { headers: h.actors.admin() });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const list = res.body.data as ApiKeyWithSecretDto[];
      expect(list).toEqual([second, first]);
      expect(list[0]).toMatchObject({
        key: second.key,
        key_masked: `${second.key.slice(0, 6)}…`,
        permission_names: ['MOUNT_VIEW', 'MOUNT_UPLOAD'],
      });
      for (const field of ['key_hash', 'key_encrypted', 'key_prefix']) expect(list[0]).not.toHaveProperty(field);
    });

    it('returns one key with its full secret so the admin can copy it', async () => {
      const key = await created({ name: 'copyable', permissions: 3 });
      const res = await h.call('GET', `/api/admin/api-keys/${key.id}`, { headers: h.actors.admin() });
      expect(res.body).toEqual({ code: 200, message: 'Success', success: true, data: { ...key } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('404 for an unknown id', async () => {
      const res = await h.call('GET', '/api/admin/api-keys/nope', { headers: h.actors.admin() });
      expect(res.body).toMatchObject({
        code: 404,
        success: false,
        data: null,
        error: 'NOT_FOUND',
        message: 'API key not found',
      });
    });
  });
});
