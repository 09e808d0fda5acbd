import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from './mounts.test-support.js';

describe.each(dialects)('mounts admin routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { admin, create, created, update, list } = mountCalls(() => h);

  it('creates a mount on the LOCAL default with the defaults, and answers it in the original shape', async () => {
    const res = await create({ name: 'Local files', mount_path: '/local', storage_config_id: 'local' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ code: 201, success: true, message: 'Mount created' });
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'Local files',
      storage_type: 'LOCAL',
      storage_config_id: 'local',
      mount_path: '/local',
      remark: null,
      is_active: 1,
      created_by: h.adminActor.id,
      sort_order: 0,
      cache_ttl: 300,
      web_proxy: 0,
      webdav_policy: '302_redirect',
      enable_sign: 0,
      sign_expires: null,
      created_at: TEST_START,
      updated_at: TEST_START,
      last_used: null,
    });
  });

  it('takes every field, lists by sort order then name, gets one, and answers in Chinese when asked', async () => {
    const b = await created({
      name: '照片',
      mount_path: '/照片/2024',
      storage_type: 'LOCAL',
      remark: 'family',
      is_active: false,
      sort_order: 2,
      cache_ttl: 0,
      web_proxy: 1,
      webdav_policy: 'native_proxy',
      enable_sign: 1,
      sign_expires: 600,
    });
    expect(b).toMatchObject({ remark: 'family', is_active: 0, cache_ttl: 0, web_proxy: 1, sign_expires: 600 });
    const a = await created({ name: 'zeta', mount_path: '/z', sort_order: 1 });
    const c = await created({ name: 'alpha', mount_path: '/a-1', sort_order: 2 });
    expect((await list()).map((m) => m.id)).toEqual([a.id, c.id, b.id]);
    const one = await h.call('GET', `/api/admin/mounts/${b.id}`, { headers: admin() });
    expect(one.body.data).toEqual(b);
    const zh = await h.call('POST', '/api/admin/mounts', {
      headers: { ...admin(), 'X-Language': 'zh-CN' },
      body: { name: 'x', mount_path: '/x', storage_config_id: 'local' },
    });
    expect(zh.body.message).toBe('挂载点创建成功');
  });

  it('updates any field, enables and disables through is_active, and deletes', async () => {
    const mount = await created({ name: 'docs', mount_path: '/docs' });
    h.clock.advance(1000);
    const off = await update(mount.id, { is_active: 0, name: 'Docs', mount_path: '/team/docs', remark: 'r' });
    expect(off.body).toMatchObject({ code: 200, message: 'Mount updated' });
    expect(off.body.data).toMatchObject({ is_active: 0, name: 'Docs', mount_path: '/team/docs', remark: 'r' });
    expect((off.body.data as { updated_at: string }).updated_at).not.toBe(mount.updated_at);
    expect((await update(mount.id, { is_active: 1, remark: null })).body.data).toMatchObject({
      is_active: 1,
      remark: null,
    });
    const del = await h.call('DELETE', `/api/admin/mounts/${mount.id}`, { headers: admin() });
    expect(del.body).toMatchObject({ code: 200, success: true, data: null, message: 'Mount deleted' });
    expect(await list()).toEqual([]);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await h.call(method, `/api/admin/mounts/${mount.id}`, { headers: admin(), body });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'NOT_FOUND', message: 'Mount not found' });
    }
  });

  it('refuses invalid fields with their details (spec §5)', async () => {
    const res = await create({
      name: '',
      mount_path: '/api',
      storage_config_id: 'local',
      cache_ttl: 86_401,
      sort_order: 'first',
      webdav_policy: 'redirect',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, error: 'VALIDATION_FAILED' });
    const paths = (res.body.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['cache_ttl', 'mount_path', 'name', 'sort_order', 'webdav_policy']);
    for (const mount_path of ['/', 'x', '/a/', '/a//b', '/a.b', '/dav/x', '/Admin', '/a/../b']) {
      const bad = await create({ name: 'n', mount_path, storage_config_id: 'local' });
      expect([mount_path, bad.status]).toEqual([mount_path, 400]);
    }
    expect((await create({ name: 'n', mount_path: '/n' })).body).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: [{ path: 'storage_config_id' }],
    });
    const mount = await created({ name: 'a', mount_path: '/a' });
    expect((await update(mount.id, {})).status).toBe(400);
    expect((await update(mount.id, { cache_ttl: -1 })).body).toMatchObject({ details: [{ path: 'cache_ttl' }] });
  });

  it('refuses a storage config that does not exist, or a type that is not its own', async () => {
    const missing = await create({ name: 'n', mount_path: '/n', storage_config_id: 'nope' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: 'The storage config does not exist',
      details: [{ path: 'storage_config_id', message: 'The storage config does not exist' }],
    });
    const wrongType = await create({ name: 'n', mount_path: '/n', storage_config_id: 'local', storage_type: 'S3' });
    expect(wrongType.body).toMatchObject({ code: 400, details: [{ path: 'storage_type' }] });
    const mount = await created({ name: 'n', mount_path: '/n' });
    expect((await update(mount.id, { storage_config_id: 'nope' })).body).toMatchObject({
      code: 400,
      details: [{ path: 'storage_config_id' }],
    });
    expect(await list()).toEqual([mount]);
  });

  it('keeps mount paths unique (409), while nesting is allowed', async () => {
    const outer = await created({ name: 'outer', mount_path: '/a' });
    await created({ name: 'inner', mount_path: '/a/b' });
    const dup = await create({ name: 'again', mount_path: '/a', storage_config_id: 'local' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'CONFLICT', message: 'A mount with this path already exists' });
    expect((await update(outer.id, { mount_path: '/a/b' })).status).toBe(409);
    expect((await update(outer.id, { mount_path: '/a' })).status).toBe(200);
  });

  it('refuses to delete a storage config a mount uses, until the mount is gone', async () => {
    const config = await h.call('POST', '/api/s3-configs', {
      headers: admin(),
      body: { name: 'second disk', storage_type: 'LOCAL' },
    });
    const configId = (config.body.data as { id: string }).id;
    const mount = await created({ name: 'disk', mount_path: '/disk', storage_config_id: configId });
    const refused = await h.call('DELETE', `/api/s3-configs/${configId}`, { headers: admin() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'CONFLICT',
      message: '1 mount(s) still use this storage config; delete or move them first',
    });
    await h.call('DELETE', `/api/admin/mounts/${mount.id}`, { headers: admin() });
    expect((await h.call('DELETE', `/api/s3-configs/${configId}`, { headers: admin() })).status).toBe(200);
  });
});
