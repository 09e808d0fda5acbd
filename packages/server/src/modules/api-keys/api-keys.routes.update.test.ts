import type { ApiKeyDto, ApiKeyWithSecretDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { inDays, apiKeyCalls } from './api-keys.test-support.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('api-keys routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created } = apiKeyCalls(h);

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
});
