import { Permission } from '@driftbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { fsCalls, storageKinds } from '../fs/fs.test-support.js';

const combos = dialects.flatMap((d) => storageKinds.map((s) => [d, s] as const));
const HOUR = 3600 * 1000;

/** What the vfs refuses before any storage call (decoded once), and what lies outside `/m/team`. */
const CORPUS = ['/m/../x.txt', '/m/%2e%2e/x.txt', '/m/%252e%252e/x.txt', '/m\\..\\x.txt', '/m/a.txt\u0000.png'];

describe.each(combos)('POST /api/fs/create-share (%s, %s)', (dialect, storage) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  let configId = '';
  const share = (body: Record<string, unknown>, headers = h.actors.admin()) =>
    h.call('POST', '/api/fs/create-share', { headers, body });
  const get = (url: string, headers: Record<string, string> = {}) => fs.raw(url, headers);

  beforeAll(async () => {
    configId = await fs.configFor(storage);
    await fs.mount(configId, '/m');
    await fs.seed(configId, { 'docs/report.pdf': 'pdf bytes here', 'team/t.txt': 'team', 'dir/in.txt': 'in' });
  });

  it('shares a mount object as a file share: info, /file download byte-identical, the original’s answer', async () => {
    const res = await share({ path: '/m/docs/report.pdf' });
    expect(res.status, res.text).toBe(201);
    const data = res.body.data as { slug: string; fileId: string; url: string };
    expect(res.body).toMatchObject({
      message: 'Share created',
      data: { success: true, filename: 'report.pdf', size: 14, url: `/file/${data.slug}`, has_password: false },
    });
    const info = await get(`/api/public/files/${data.slug}`);
    expect(info.status, info.text).toBe(200);
    expect(info.body.data).toMatchObject({ filename: 'report.pdf', size: 14, mimetype: 'application/pdf' });
    const bytes = await get(`/api/file-download/${data.slug}`);
    expect(bytes.status).toBe(200);
    expect(bytes.text).toBe('pdf bytes here');
    // Folders and mount roots are not files; a missing object is 404.
    expect((await share({ path: '/m/dir' })).status).toBe(404);
    expect((await share({ path: '/m' })).status).toBe(400);
    expect((await share({ path: '/m/none.txt' })).status).toBe(404);
  });

  it('keeps the share rules: password, view limit, custom slug, expiry', async () => {
    const res = await share({ path: '/m/team/t.txt', password: 'open sesame', max_views: 1, slug: `pw-${storage}` });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ slug: `pw-${storage}`, has_password: true, max_views: 1 });
    expect((await get(`/api/file-download/pw-${storage}`)).status).toBe(401);
    const open = await get(`/api/file-download/pw-${storage}?password=open%20sesame`);
    expect(open.status).toBe(200);
    expect(open.text).toBe('team');
    expect((await get(`/api/file-download/pw-${storage}?password=open%20sesame`)).status).toBe(410);
    expect((await share({ path: '/m/team/t.txt', slug: `pw-${storage}` })).status).toBe(409);
    expect((await share({ path: '/m/team/t.txt', max_views: -1 })).status).toBe(400);
    const expiring = await share({ path: '/m/team/t.txt', expires_in: 1 });
    expect(expiring.body.data).toMatchObject({ expires_at: new Date(h.clock.now().getTime() + HOUR).toISOString() });
  });

  it('never deletes the mount object: not when the share is deleted, nor when it expires or is used up', async () => {
    await fs.seed(configId, { 'keep/a.txt': 'a', 'keep/b.txt': 'b', 'keep/c.txt': 'c' });
    const made = async (body: Record<string, unknown>) =>
      (await share(body)).body.data as { fileId: string; slug: string };
    const a = await made({ path: '/m/keep/a.txt' });
    const del = await h.call('DELETE', '/api/files/batch-delete', {
      headers: h.actors.admin(),
      body: { ids: [a.fileId] },
    });
    expect(del.status, del.text).toBe(200);
    expect(del.body.data).toMatchObject({ deleted: 1 });
    expect((await get(`/api/public/files/${a.slug}`)).status).toBe(404);
    const b = await made({ path: '/m/keep/b.txt', expires_in: 1 });
    const c = await made({ path: '/m/keep/c.txt', max_views: 1 });
    expect((await get(`/api/file-download/${c.slug}`)).status).toBe(200);
    const now = h.clock.now();
    h.clock.advance(48 * HOUR);
    expect(await h.services.fileCleanup.purgeDead()).toBeGreaterThanOrEqual(2);
    h.clock.set(now); // the admin's session lives on
    expect((await get(`/api/public/files/${b.slug}`)).status).toBe(404);
    expect(await fs.keys(configId, 'keep/')).toEqual(['keep/a.txt', 'keep/b.txt', 'keep/c.txt']);
    expect((await fs.download('/m/keep/a.txt')).text).toBe('a');
  });

  it('answers 404 once the object is deleted in the mount; deleting the share then still works', async () => {
    await fs.seed(configId, { 'gone/x.txt': 'x' });
    const { slug, fileId } = (await share({ path: '/m/gone/x.txt' })).body.data as { slug: string; fileId: string };
    const removed = await fs.post('/api/fs/batch-remove', { paths: ['/m/gone/x.txt'] });
    expect(removed.status, removed.text).toBe(200);
    expect((await get(`/api/file-download/${slug}`)).status).toBe(404);
    expect(
      (await h.call('DELETE', '/api/files/batch-delete', { headers: h.actors.admin(), body: { ids: [fileId] } }))
        .status,
    ).toBe(200);
  });

  it('needs MOUNT_VIEW and a path inside the key’s base path; refuses the traversal corpus', async () => {
    expect((await share({ path: '/m/team/t.txt' }, {})).status).toBe(401);
    const noBit = await h.actors.apiKey(Permission.MOUNT_UPLOAD);
    expect((await share({ path: '/m/team/t.txt' }, noBit)).status).toBe(403);
    const key = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/m/team' });
    for (const path of ['/m/docs/report.pdf', '//m//docs/report.pdf', '/m'])
      expect((await share({ path }, key)).status, path).toBe(403);
    for (const path of CORPUS) expect((await share({ path })).status, JSON.stringify(path)).toBe(400);
    const ok = await share({ path: '/m/team/t.txt' }, key);
    expect(ok.status, ok.text).toBe(201);
  });
});
