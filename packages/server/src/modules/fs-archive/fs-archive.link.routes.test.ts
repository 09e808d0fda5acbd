import { beforeEach, describe, expect, it } from 'vitest';
import { dialects, testCrypto, type Headers } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { archiveLinks, ARCHIVE_LINK_SECONDS } from './fs-archive.link.js';
import { testStorage } from './fs-archive.test-support.js';

/*
 * The signed download link of a built archive (POST /api/fs/tasks/{id}/download-link, then
 * GET /api/fs/archive-download/{id}?by=…&sign=… with no credentials), on SQLite and PostgreSQL over LOCAL
 * (the ZIP's storage on MinIO is fs-archive.task.routes.test.ts's).
 */
describe.each(dialects)('archive download links (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created } = mountCalls(() => h);

  beforeEach(async () => {
    const storage = await testStorage(h, 'LOCAL');
    await created({ name: 'docs', mount_path: '/docs', storage_config_id: storage.configId });
    await storage.put('a/one.txt', 'one');
    await storage.put('b/two.txt', 'two');
  });

  /** Queues an archive task for `headers` and runs it; its id. */
  const built = async (headers: Headers, paths: string[]) => {
    const res = await h.call('POST', '/api/fs/archive', { headers, body: { paths, mode: 'task' } });
    expect(res.status, res.text).toBe(202);
    const id = (res.body.data as { jobId: string }).jobId;
    expect(await h.services.tasks.runOnce()).toBe(id);
    return id;
  };
  const linkFor = (headers: Headers, id: string) => h.call('POST', `/api/fs/tasks/${id}/download-link`, { headers });
  const urlOf = (res: { body: Record<string, unknown> }) => (res.body.data as { url: string }).url;
  /** GET a URL with no credentials at all, the body read to the end. */
  const open = async (url: string) => {
    const res = await h.app.request(url);
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('a link opens the built ZIP without credentials, the same bytes as the authorised download', async () => {
    const id = await built(h.actors.admin(), ['/docs/a']);
    const res = await linkFor(h.actors.admin(), id);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as { url: string; expiresAt: string };
    expect(data.url).toMatch(new RegExp(`^/api/fs/archive-download/${id}\\?by=[^&]+&sign=[A-Za-z0-9_-]+:\\d+$`));
    expect(Date.parse(data.expiresAt) - h.clock.now().getTime()).toBe(ARCHIVE_LINK_SECONDS * 1000);
    const got = await open(data.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/zip');
    expect(got.headers.get('content-disposition')).toContain('attachment');
    expect(got.headers.get('content-length')).toBe(String(got.bytes.length));
    const authorised = await h.app.request(`/api/fs/tasks/${id}/download`, { headers: h.actors.admin() });
    expect(Buffer.from(await authorised.arrayBuffer()).equals(got.bytes)).toBe(true);
    // Not the owner's key nor any credential is needed, and the link is reusable until it expires.
    expect((await open(data.url)).status).toBe(200);
  });

  it('401 without credentials, 403 without the bit, 404 for another key’s archive, 409 before it is built', async () => {
    const owner = await h.actors.apiKey({ mount_view: true });
    const other = await h.actors.apiKey({ mount_view: true });
    const noBit = await h.actors.apiKey({ text: true });
    const id = await built(owner, ['/docs/a']);
    expect((await linkFor(h.actors.anon, id)).status).toBe(401);
    expect((await linkFor(noBit, id)).status).toBe(403);
    expect((await linkFor(other, id)).status).toBe(404);
    expect((await linkFor(owner, 'no-such-task')).status).toBe(404);
    expect((await open(urlOf(await linkFor(owner, id)))).status).toBe(200);
    // An admin may link any archive.
    expect((await open(urlOf(await linkFor(h.actors.admin(), id)))).status).toBe(200);

    const queued = await h.call('POST', '/api/fs/archive', {
      headers: owner,
      body: { paths: ['/docs/b'], mode: 'task' },
    });
    const pending = (queued.body.data as { jobId: string }).jobId;
    expect((await linkFor(owner, pending)).status).toBe(409);
  });

  it('a forged, altered or expired link is refused (403, 410), and a signature binds task and caller', async () => {
    const owner = await h.createKey({ mount_view: true });
    const other = await h.createKey({ mount_view: true });
    const id = await built(owner.headers, ['/docs/a']);
    const otherId = await built(other.headers, ['/docs/b']);
    const url = new URL(urlOf(await linkFor(owner.headers, id)), 'http://x');
    const sign = url.searchParams.get('sign')!;
    const by = url.searchParams.get('by')!;
    const at = (task: string, query: string) => open(`/api/fs/archive-download/${task}?${query}`);

    expect((await at(id, `by=${by}`)).status).toBe(403);
    expect((await at(id, `sign=${sign}`)).status).toBe(403);
    expect((await at(id, `by=${by}&sign=${sign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(403);
    expect((await at(id, `by=${by}&sign=${sign.replace(/:\d+$/, ':99999999999')}`)).status).toBe(403);
    // The owner's signature is worthless for another task and for another caller.
    const refused = await at(otherId, `by=${by}&sign=${sign}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.bytes.toString())).toMatchObject({ success: false, error: 'FORBIDDEN' });
    expect((await at(id, `by=${encodeURIComponent(`apikey:${other.key.id}`)}&sign=${sign}`)).status).toBe(403);
    // Even a genuine signature naming a key does not open another key's archive.
    const links = archiveLinks({ mac: testCrypto().mac, clock: h.clock });
    const forKeyOnOther = links.sign({ type: 'apikey', id: owner.key.id } as never, otherId).url;
    expect((await open(forKeyOnOther)).status).toBe(404);

    h.clock.advance(ARCHIVE_LINK_SECONDS * 1000);
    const expired = await open(url.pathname + url.search);
    expect(expired.status).toBe(410);
    expect(JSON.parse(expired.bytes.toString())).toMatchObject({ error: 'GONE' });
  });

  it('a key is held to its base path: its own archive links, others are refused before any link', async () => {
    const key = await h.actors.apiKey({ mount_view: true }, { basicPath: '/docs/a' });
    expect(
      (await h.call('POST', '/api/fs/archive', { headers: key, body: { paths: ['/docs/b'], mode: 'task' } })).status,
    ).toBe(403);
    const id = await built(key, ['/docs/a']);
    const got = await open(urlOf(await linkFor(key, id)));
    expect(got.status).toBe(200);
    expect(got.bytes.includes(Buffer.from('one.txt'))).toBe(true);
    expect(got.bytes.includes(Buffer.from('two.txt'))).toBe(false);
  });
});
