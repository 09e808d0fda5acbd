import { FS_UPDATE_MAX_BYTES } from '@driftbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { fsCalls, storageKinds } from './fs.test-support.js';

const combos = dialects.flatMap((d) => storageKinds.map((s) => [d, s] as const));

// Mounts cache listings (cache_ttl 300): every write below must show in the next listing at once.
describe.each(combos)('fs writes (%s, %s)', (dialect, storage) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  let configId = '';

  beforeAll(async () => {
    configId = await fs.configFor(storage);
    await fs.mount(configId, '/w', { cache_ttl: 300 });
  });

  it('mkdir makes a folder that lists at once; 409 when the name is taken', async () => {
    expect(await fs.names('/w')).toEqual([]);
    const res = await fs.post('/api/fs/mkdir', { path: '/w/made' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ message: 'Folder created', data: { path: '/w/made' } });
    expect(await fs.names('/w')).toEqual(['made']);
    expect(await fs.names('/w/made')).toEqual([]);
    expect((await fs.post('/api/fs/mkdir', { path: '/w/made' })).status).toBe(409);
    expect((await fs.post('/api/fs/mkdir', { path: '/' })).status).toBe(400);
  });

  it('uploads a streamed form into a folder; the path field must come first', async () => {
    await fs.names('/w/up');
    const res = await fs.upload('/w/up', 'note.txt', 'hello');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      success: true,
      fileName: 'note.txt',
      size: 5,
      contentType: 'text/plain',
      s3Path: 'up/note.txt',
      etag: expect.any(String),
    });
    expect(await fs.names('/w/up')).toEqual(['note.txt']);
    expect((await fs.download('/w/up/note.txt')).text).toBe('hello');
    const late = await fs.upload('/w/up', 'late.txt', 'x', { pathAfter: true });
    expect(late.status).toBe(400);
    expect(await fs.names('/w/up')).toEqual(['note.txt']);
  });

  it('updates a text file (10 MB at most)', async () => {
    const res = await fs.post('/api/fs/update', { path: '/w/text/readme.md', content: '# one' });
    expect(res.status, res.text).toBe(200);
    expect((await fs.download('/w/text/readme.md')).text).toBe('# one');
    await fs.post('/api/fs/update', { path: '/w/text/readme.md', content: '# two' });
    expect((await fs.download('/w/text/readme.md')).text).toBe('# two');
    const big = await fs.post('/api/fs/update', {
      path: '/w/text/big.txt',
      content: 'x'.repeat(FS_UPDATE_MAX_BYTES + 1),
    });
    expect(big.status).toBe(413);
    expect(await fs.names('/w/text')).toEqual(['readme.md']);
  });

  it('renames a file and a folder page by page; refuses a taken name, a mount root and a folder into itself', async () => {
    await fs.seed(configId, { 'ren/a.txt': 'a', 'ren/dir/1.txt': '1', 'ren/dir/sub/2.txt': '2' });
    expect(await fs.names('/w/ren')).toEqual(['dir', 'a.txt']);
    const file = await fs.post('/api/fs/rename', { oldPath: '/w/ren/a.txt', newPath: '/w/ren/b.txt' });
    expect(file.status, file.text).toBe(200);
    expect(await fs.names('/w/ren')).toEqual(['dir', 'b.txt']);
    const folder = await fs.post('/api/fs/rename', { oldPath: '/w/ren/dir', newPath: '/w/ren/moved' });
    expect(folder.status, folder.text).toBe(200);
    expect(await fs.keys(configId, 'ren/')).toEqual(['ren/b.txt', 'ren/moved/1.txt', 'ren/moved/sub/2.txt']);
    expect((await fs.post('/api/fs/rename', { oldPath: '/w/ren/b.txt', newPath: '/w/ren/moved' })).status).toBe(409);
    const root = await fs.post('/api/fs/rename', { oldPath: '/w', newPath: '/w/x' });
    expect(root.body).toMatchObject({ code: 400, message: 'The root of a mount cannot be renamed or deleted' });
    expect((await fs.post('/api/fs/rename', { oldPath: '/w/ren/moved', newPath: '/w/ren/moved/in' })).status).toBe(400);
    expect((await fs.post('/api/fs/rename', { oldPath: '/w/ren/none', newPath: '/w/ren/x' })).status).toBe(404);
  });

  it('batch-removes files at once and folders as a delete task; reports what failed', async () => {
    await fs.seed(configId, { 'del/f.txt': 'f', 'del/dir/1.txt': '1', 'del/dir/deep/2.txt': '2', 'del/keep.txt': 'k' });
    expect(await fs.names('/w/del')).toEqual(['dir', 'f.txt', 'keep.txt']);
    const res = await h.call('DELETE', '/api/fs/batch-remove', {
      headers: h.actors.admin(),
      body: { paths: ['/w/del/f.txt', '/w/del/dir', '/w/del/missing'] },
    });
    expect(res.status, res.text).toBe(202);
    const data = res.body.data as { jobId: string; task: { taskType: string; status: string } };
    expect(data).toMatchObject({ success: 2, failed: [{ path: '/w/del/missing', error: 'Path not found' }] });
    expect(data.task).toMatchObject({ taskType: 'delete', status: 'pending' });
    // The file went at once; the folder goes when the task runs.
    expect(await fs.keys(configId, 'del/')).toEqual(['del/dir/1.txt', 'del/dir/deep/2.txt', 'del/keep.txt']);
    expect(await h.services.tasks.runOnce()).toBe(data.jobId);
    expect(await fs.keys(configId, 'del/')).toEqual(['del/keep.txt']);
    expect(await fs.names('/w/del')).toEqual(['keep.txt']);
    // One refused path refuses the request before anything is deleted.
    const refused = await fs.post('/api/fs/batch-remove', { paths: ['/w/del/keep.txt', '/w/../etc'] });
    expect(refused.status).toBe(400);
    expect(await fs.keys(configId, 'del/')).toEqual(['del/keep.txt']);
    const root = await fs.post('/api/fs/batch-remove', { paths: ['/w'] });
    expect(root.body.data).toMatchObject({ success: 0, failed: [{ path: '/w' }] });
    // Files alone are deleted at once, with the original's answer.
    const file = await fs.post('/api/fs/batch-remove', { paths: ['/w/del/keep.txt'] });
    expect(file.status).toBe(200);
    expect(file.body.data).toEqual({ success: 1, failed: [] });
    expect(await fs.keys(configId, 'del/')).toEqual([]);
  });
});
