import { ALL_PERMISSIONS, Permission, type MountDto } from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from './mounts.test-support.js';

/*
 * What API keys may do with mounts. 401 and the bare 403 of each route are the shared suite's
 * (test/security.routes.test.ts); here: a key with every bit is refused on every admin route with the
 * spec's message and changes nothing, and /api/user/mounts shows exactly the active mounts a key may see.
 */

const ENVELOPE_403 = {
  code: 403,
  success: false,
  data: null,
  error: 'ADMIN_ONLY',
  message: 'API key users cannot create, modify, enable, disable or delete mounts',
  requestId: expect.any(String),
};

describe.each(dialects)('mounts for API keys (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created, list } = mountCalls(() => h);

  const names = async (headers: Record<string, string>) => {
    const res = await h.call('GET', '/api/user/mounts', { headers });
    expect(res.status, res.text).toBe(200);
    return (res.body.data as MountDto[]).map((m) => m.mount_path);
  };

  describe('the admin routes', () => {
    let mount: MountDto;
    beforeEach(async () => {
      mount = await created({ name: 'docs', mount_path: '/docs' });
    });

    it.each([
      ['GET', '/api/admin/mounts', undefined],
      ['POST', '/api/admin/mounts', { name: 'by key', mount_path: '/key', storage_config_id: 'local' }],
      ['GET', '/api/admin/mounts/{id}', undefined],
      ['PUT', '/api/admin/mounts/{id}', { is_active: 0 }],
      ['PUT', '/api/admin/mounts/{id}', { mount_path: '/moved', name: 'taken over' }],
      ['DELETE', '/api/admin/mounts/{id}', undefined],
    ])('%s %s: 403 with the spec message for a key with every bit; nothing changes', async (method, path, body) => {
      const before = await list();
      const res = await h.call(method, path.replace('{id}', mount.id), {
        headers: await h.actors.apiKey(ALL_PERMISSIONS),
        body,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(ENVELOPE_403);
      expect(await list()).toEqual(before);
    });

    it('says it in Chinese too', async () => {
      const res = await h.call('DELETE', `/api/admin/mounts/${mount.id}`, {
        headers: { ...(await h.actors.apiKey(ALL_PERMISSIONS)), 'X-Language': 'zh-CN' },
      });
      expect(res.body.message).toBe('API 密钥用户不能创建、修改、启用、禁用或删除挂载点');
    });
  });

  describe('GET /api/user/mounts', () => {
    const ids: Record<string, string> = {};
    beforeEach(async () => {
      const hidden = await h.call('POST', '/api/s3-configs', {
        headers: h.actors.admin(),
        body: { name: 'admin disk', storage_type: 'LOCAL', is_public: 0 },
      });
      const hiddenId = (hidden.body.data as { id: string }).id;
      for (const [path, extra] of [
        ['/team', {}],
        ['/team/docs', {}],
        ['/team/docs/2024', {}],
        ['/team/photos', {}],
        ['/teamwork', {}],
        ['/off', { is_active: 0 }],
        ['/private', { storage_config_id: hiddenId }],
        ['/team/docs/private', { storage_config_id: hiddenId }],
      ] as const) {
        ids[path] = (await created({ name: path, mount_path: path, sort_order: 0, ...extra })).id;
      }
    });

    it('the admin sees every active mount', async () => {
      expect(await names(h.actors.admin())).toEqual([
        '/private',
        '/team',
        '/team/docs',
        '/team/docs/2024',
        '/team/docs/private',
        '/team/photos',
        '/teamwork',
      ]);
    });

    it('a key at / sees the active mounts on configs usable by keys', async () => {
      expect(await names(await h.actors.apiKey(Permission.MOUNT_VIEW))).toEqual([
        '/team',
        '/team/docs',
        '/team/docs/2024',
        '/team/photos',
        '/teamwork',
      ]);
    });

    it('a key sees the mounts at or below its base path, and those its base path lies in', async () => {
      const docs = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/team/docs' });
      expect(await names(docs)).toEqual(['/team', '/team/docs', '/team/docs/2024']);
      const deep = await h.actors.apiKey(Permission.MOUNT_UPLOAD, { basicPath: '/team/docs/2024/march' });
      expect(await names(deep)).toEqual(['/team', '/team/docs', '/team/docs/2024']);
      const between = await h.actors.apiKey(Permission.MOUNT_DELETE, { basicPath: '/nothing-here' });
      expect(await names(between)).toEqual([]);
      // A base path that only shares a prefix with a mount does not reach it.
      const prefix = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/team/doc' });
      expect(await names(prefix)).toEqual(['/team']);
    });

    it('needs a mount bit: 403 PERMISSION_DENIED with only TEXT and FILE_SHARE', async () => {
      const res = await h.call('GET', '/api/user/mounts', {
        headers: await h.actors.apiKey(Permission.TEXT | Permission.FILE_SHARE),
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'PERMISSION_DENIED' });
    });

    it('GET /api/user/mounts/{id}: a visible mount, else 404 (inactive, hidden config, outside the base path)', async () => {
      const key = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/team/docs' });
      const one = await h.call('GET', `/api/user/mounts/${ids['/team/docs']}`, { headers: key });
      expect(one.body).toMatchObject({ code: 200, data: { id: ids['/team/docs'], mount_path: '/team/docs' } });
      for (const path of ['/off', '/private', '/team/docs/private', '/team/photos', '/teamwork']) {
        const res = await h.call('GET', `/api/user/mounts/${ids[path]}`, { headers: key });
        expect([path, res.status, res.body.message]).toEqual([path, 404, 'Mount not found']);
      }
      expect((await h.call('GET', '/api/user/mounts/unknown', { headers: key })).status).toBe(404);
      const admin = await h.call('GET', `/api/user/mounts/${ids['/private']}`, { headers: h.actors.admin() });
      expect(admin.status).toBe(200);
    });

    it('a disabled mount disappears for keys at once, and comes back when enabled', async () => {
      const key = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/team/photos' });
      expect(await names(key)).toEqual(['/team', '/team/photos']);
      await h.call('PUT', `/api/admin/mounts/${ids['/team/photos']}`, {
        headers: h.actors.admin(),
        body: { is_active: false },
      });
      expect(await names(key)).toEqual(['/team']);
      await h.call('PUT', `/api/admin/mounts/${ids['/team/photos']}`, {
        headers: h.actors.admin(),
        body: { is_active: true },
      });
      expect(await names(key)).toEqual(['/team', '/team/photos']);
    });
  });
});
