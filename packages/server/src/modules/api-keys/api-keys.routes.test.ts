import { ALL_PERMISSIONS, Permission, type ApiKeyDto, type ApiKeyWithSecretDto } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto/digest.js';
import { TEST_START } from '../../test/clock.js';
import { createHarness, dialects, type Harness } from '../../test/harness.js';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.parse(TEST_START) + days * DAY).toISOString();

describe.each(dialects)('api-keys routes (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  const create = (body: unknown) => h.call('POST', '/api/admin/api-keys', { headers: h.actors.admin(), body });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status).toBe(201);
    return res.body.data as ApiKeyWithSecretDto;
  };

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
      ['unknown permission bits', { name: 'k', permissions: 8 }, 'permissions'],
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
    it('lists newest first with masked keys and permission names, never the secret', async () => {
      const first = await created({ name: 'first', permissions: 1 });
      h.clock.advance(1000);
      const second = await created({ name: 'second', permissions: Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD });
      const res = await h.call('GET', '/api/admin/api-keys', { headers: h.actors.admin() });
      expect(res.status).toBe(200);
      const list = res.body.data as ApiKeyDto[];
      expect(list.map((k) => k.name)).toEqual(['second', 'first']);
      expect(list[0]).toMatchObject({
        key_masked: `${second.key.slice(0, 6)}…`,
        permission_names: ['MOUNT_VIEW', 'MOUNT_UPLOAD'],
      });
      expect(res.text).not.toContain(first.key);
      expect(res.text).not.toContain(second.key);
      for (const field of ['key', 'key_hash', 'key_encrypted', 'key_prefix']) expect(list[0]).not.toHaveProperty(field);
    });

    it('returns one key with its full secret so the admin can copy it', async () => {
      const key = await created({ name: 'copyable', permissions: 3 });
      const res = await h.call('GET', `/api/admin/api-keys/${key.id}`, { headers: h.actors.admin() });
      expect(res.body).toEqual({ code: 200, message: 'Success', success: true, data: { ...key } });
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

  describe('PUT /api/admin/api-keys/{id}', () => {
    const update = (id: string, body: unknown) =>
      h.call('PUT', `/api/admin/api-keys/${id}`, { headers: h.actors.admin(), body });

    it('updates the writable fields and updated_at', async () => {
      const key = await created({ name: 'before', permissions: 1 });
      h.clock.advance(5000);
      const res = await update(key.id, {
        name: 'after',
        permissions: { mount_view: true },
        role: 'ADMIN',
        basic_path: '/x',
        is_guest: 1,
        expires_at: inDays(30),
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: key.id,
        name: 'after',
        permissions: 256,
        role: 'ADMIN',
        basic_path: '/x',
        is_guest: 1,
        expires_at: inDays(30),
        updated_at: new Date(Date.parse(TEST_START) + 5000).toISOString(),
        created_at: TEST_START,
      });
    });

    it('never changes the key or id, even when the body names them', async () => {
      const key = await created({ name: 'fixed', permissions: 1 });
      const res = await update(key.id, { name: 'renamed', key: 'attacker-chosen-key', id: 'other-id' });
      expect(res.status).toBe(200);
      const again = (await h.call('GET', `/api/admin/api-keys/${key.id}`, { headers: h.actors.admin() })).body
        .data as ApiKeyWithSecretDto;
      expect(again).toMatchObject({ id: key.id, key: key.key, name: 'renamed' });
      expect(
        (await h.call('GET', '/api/test/api-key', { headers: { 'X-Custom-Auth-Key': 'attacker-chosen-key' } })).status,
      ).toBe(401);
    });

    it('can make a key never expire, and refuses a past expiry', async () => {
      const key = await created({ name: 'k' });
      expect((await update(key.id, { expires_at: 'never' })).body.data).toMatchObject({ expires_at: null });
      const past = await update(key.id, { expires_at: '2020-01-01T00:00:00Z' });
      expect(past.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'expires_at' }] });
    });

    it('400 when nothing writable is given, 404 unknown id, 409 duplicate name', async () => {
      const a = await created({ name: 'a' });
      await created({ name: 'b' });
      expect((await update(a.id, { key: 'x' })).body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
      expect((await update('missing', { name: 'z' })).body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
      expect((await update(a.id, { name: 'b' })).body).toMatchObject({ code: 409, error: 'NAME_TAKEN' });
      expect((await update(a.id, { name: 'a' })).status).toBe(200);
    });
  });

  describe('DELETE', () => {
    it('deletes one key (200) and then 404s', async () => {
      const key = await created({ name: 'gone' });
      const res = await h.call('DELETE', `/api/admin/api-keys/${key.id}`, { headers: h.actors.admin() });
      expect(res.body).toEqual({ code: 200, message: 'API key deleted', data: null, success: true });
      expect((await h.call('DELETE', `/api/admin/api-keys/${key.id}`, { headers: h.actors.admin() })).status).toBe(404);
      expect(
        (await h.call('GET', '/api/test/api-key', { headers: { Authorization: `ApiKey ${key.key}` } })).status,
      ).toBe(401);
    });

    it('bulk-deletes by ids and reports how many were deleted', async () => {
      const keys = await Promise.all(['a', 'b', 'c'].map((name) => created({ name })));
      const res = await h.call('DELETE', '/api/admin/api-keys', {
        headers: h.actors.admin(),
        body: { ids: [keys[0]?.id, keys[1]?.id, 'unknown', keys[0]?.id] },
      });
      expect(res.body).toEqual({ code: 200, message: 'API key deleted', data: { deleted: 2 }, success: true });
      const left = (await h.call('GET', '/api/admin/api-keys', { headers: h.actors.admin() })).body.data as ApiKeyDto[];
      expect(left.map((k) => k.name)).toEqual(['c']);
    });

    it('bulk delete needs a non-empty ids array', async () => {
      for (const body of [{}, { ids: [] }, { ids: 'a' }]) {
        const res = await h.call('DELETE', '/api/admin/api-keys', { headers: h.actors.admin(), body });
        expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'ids' }] });
      }
    });
  });

  describe('using a key', () => {
    it('GET /api/test/api-key describes the key in object form, via all three headers', async () => {
      const key = await created({
        name: 'reader',
        permissions: Permission.TEXT | Permission.WEBDAV_READ,
        basic_path: '/team',
        is_guest: 1,
        expires_at: inDays(7),
      });
      const expected = {
        name: 'reader',
        basic_path: '/team',
        permissions: {
          text: true,
          file: false,
          mount_view: false,
          mount_upload: false,
          mount_copy: false,
          mount_rename: false,
          mount_delete: false,
          webdav_read: true,
          webdav_manage: false,
        },
        key_info: {
          id: key.id,
          name: 'reader',
          basic_path: '/team',
          role: 'GENERAL',
          is_guest: 1,
          expires_at: inDays(7),
        },
      };
      const variants: Record<string, string>[] = [
        { Authorization: `ApiKey ${key.key}` },
        { authorization: `apikey ${key.key}` },
        { 'X-Custom-Auth-Key': key.key },
      ];
      for (const headers of variants) {
        const res = await h.call('GET', '/api/test/api-key', { headers });
        expect(res.body).toEqual({ code: 200, message: 'API key valid', success: true, data: expected });
      }
    });

    it('GET /api/test/api-key for an admin: every flag and is_admin', async () => {
      const res = await h.call('GET', '/api/test/api-key', { headers: h.actors.admin() });
      const data = res.body.data as { permissions: Record<string, boolean>; is_admin: boolean; name: string };
      expect(data.is_admin).toBe(true);
      expect(data.name).toBe('admin');
      expect(Object.values(data.permissions).every(Boolean)).toBe(true);
      expect(Object.keys(data.permissions)).toHaveLength(9);
    });

    it('401 API_KEY_INVALID for unknown and expired keys', async () => {
      const key = await created({ name: 'short-lived', permissions: 1, expires_at: inDays(1) });
      const headers = { 'X-Custom-Auth-Key': key.key };
      expect((await h.call('GET', '/api/test/api-key', { headers })).status).toBe(200);
      h.clock.advance(DAY);
      const expired = await h.call('GET', '/api/test/api-key', { headers });
      expect(expired.body).toMatchObject({
        code: 401,
        success: false,
        data: null,
        error: 'API_KEY_INVALID',
        message: 'API key invalid or expired',
      });
      const unknown = await h.call('GET', '/api/test/api-key', { headers: { Authorization: 'ApiKey not-a-real-key' } });
      expect(unknown.body).toMatchObject({ code: 401, error: 'API_KEY_INVALID' });
    });

    it('rate-limits a client that keeps presenting unknown keys', async () => {
      const good = await h.actors.apiKey(1);
      for (let i = 0; i < 30; i += 1)
        await h.call('GET', '/api/test/api-key', { headers: { 'X-Custom-Auth-Key': `guess-${i}` } });
      const res = await h.call('GET', '/api/test/api-key', { headers: good });
      expect(res.body).toMatchObject({ code: 429, error: 'RATE_LIMITED' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it("a browser still holding an expired key does not use up the address's budget for a fresh one", async () => {
      const old = await created({ name: 'old', permissions: 1, expires_at: inDays(1) });
      h.clock.advance(DAY);
      for (let i = 0; i < 35; i += 1)
        expect((await h.call('GET', '/api/test/api-key', { headers: { 'X-Custom-Auth-Key': old.key } })).status).toBe(
          401,
        );
      expect((await h.call('GET', '/api/test/api-key', { headers: await h.actors.apiKey(1) })).status).toBe(200);
    });

    it('records last_used at most once a minute', async () => {
      const key = await created({ name: 'busy', permissions: 1 });
      const headers = { 'X-Custom-Auth-Key': key.key };
      const lastUsed = async () =>
        (await h.db.selectFrom('api_keys').select('last_used').where('id', '=', key.id).executeTakeFirstOrThrow())
          .last_used;
      await h.call('GET', '/api/test/api-key', { headers });
      expect(await lastUsed()).toBe(TEST_START);
      h.clock.advance(59_000);
      await h.call('GET', '/api/test/api-key', { headers });
      expect(await lastUsed()).toBe(TEST_START);
      h.clock.advance(2_000);
      await h.call('GET', '/api/test/api-key', { headers });
      expect(await lastUsed()).toBe(new Date(Date.parse(TEST_START) + 61_000).toISOString());
    });

    it('an ADMIN-role key with every bit is still not an admin', async () => {
      const headers = await h.actors.apiKey(ALL_PERMISSIONS);
      const res = await h.call('GET', '/api/admin/api-keys', { headers });
      expect(res.body).toMatchObject({ code: 403, error: 'ADMIN_ONLY' });
    });
  });
});
