import { ALL_PERMISSIONS, Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { DAY, inDays, apiKeyCalls } from './api-keys.test-support.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('api-keys routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created } = apiKeyCalls(h);

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
          text_manage: false,
          file_manage: false,
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
      expect(Object.keys(data.permissions)).toHaveLength(11);
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

    it('rate-limits a client that keeps presenting unknown keys, never a valid key from the same address', async () => {
      const good = await h.actors.apiKey(1);
      for (let i = 0; i < 30; i += 1)
        expect(
          (await h.call('GET', '/api/test/api-key', { headers: { 'X-Custom-Auth-Key': `guess-${i}` } })).status,
        ).toBe(401);
      const res = await h.call('GET', '/api/test/api-key', { headers: { 'X-Custom-Auth-Key': 'guess-30' } });
      expect(res.body).toMatchObject({ code: 429, error: 'RATE_LIMITED' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // A valid key from the same address is served, before and after further refused guesses.
      expect((await h.call('GET', '/api/test/api-key', { headers: good })).status).toBe(200);
      expect((await h.call('GET', '/api/test/api-key', { headers: { Authorization: 'ApiKey guess-31' } })).status).toBe(
        429,
      );
      expect((await h.call('GET', '/api/test/api-key', { headers: good })).status).toBe(200);
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
