import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { cryptoIds } from '../../lib/crypto/ids.js';
import { memoryLogger } from '../../lib/logger.js';
import { dialects, testCrypto } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { davCalls } from './webdav.test-support.js';

const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>' +
  '<D:locktype><D:write/></D:locktype><D:owner><D:href>tester</D:href></D:owner></D:lockinfo>';

describe.each(dialects)('WebDAV protocol (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { dav, localMount, seed, read } = davCalls(() => h);

  it('keeps locks in the database: a restarted app still refuses writes without the token', async () => {
    await localMount();
    await seed({ 'doc.txt': 'v1' });
    const lock = await dav('LOCK', '/dav/local/doc.txt', { ...h.actors.admin(), Timeout: 'Second-3600' }, LOCK_BODY);
    expect(lock.status).toBe(200);
    const token = /^<(.+)>$/.exec(lock.headers.get('lock-token') ?? '')?.[1];
    expect(token).toMatch(/^urn:uuid:/);

    // A second app over the same database: another instance, or this one after a restart.
    const { app } = createApp({
      config: h.config,
      db: h.db,
      clock: h.clock,
      ids: cryptoIds(),
      logger: memoryLogger(),
      crypto: testCrypto(),
    });
    const again = (method: string, headers: Record<string, string>, body?: string) =>
      app.request('http://localhost/dav/local/doc.txt', { method, headers: { ...h.actors.admin(), ...headers }, body });
    expect((await again('PUT', {}, 'v2')).status).toBe(423);
    expect((await again('DELETE', {})).status).toBe(423);
    const found = await again('PROPFIND', { Depth: '0' });
    expect(await found.text()).toContain(token);
    expect((await again('PUT', { If: `(<${token}>)` }, 'v2')).status).toBe(204);
    expect(await read('doc.txt')).toBe('v2');
    expect((await again('PUT', { If: '(<urn:uuid:not-this-one>)' }, 'v3')).status).toBe(412);
    expect((await again('UNLOCK', { 'Lock-Token': `<${token}>` })).status).toBe(204);
    expect((await dav('PUT', '/dav/local/doc.txt', h.actors.admin(), 'v3')).status).toBe(204);
    // A lock's time runs out.
    await dav('LOCK', '/dav/local/doc.txt', { ...h.actors.admin(), Timeout: 'Second-60' }, LOCK_BODY);
    h.clock.advance(61_000);
    expect((await dav('PUT', '/dav/local/doc.txt', h.actors.admin(), 'v4')).status).toBe(204);
  });

  it('keeps dead properties per path: moved with MOVE, copied with COPY, gone with DELETE', async () => {
    await localMount();
    await seed({ 'a.txt': 'a' });
    const patch =
      '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:color>blue</Z:color></D:prop></D:set></D:propertyupdate>';
    expect((await dav('PROPPATCH', '/dav/local/a.txt', h.actors.admin(), patch)).status).toBe(207);
    const ask = '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><color xmlns="urn:z"/></D:prop></D:propfind>';
    const color = async (path: string) =>
      (await dav('PROPFIND', path, { ...h.actors.admin(), Depth: '0' }, ask)).text.includes('>blue</');
    expect(await color('/dav/local/a.txt')).toBe(true);
    const to = (p: string) => ({ ...h.actors.admin(), Destination: `http://localhost/dav/local/${p}` });
    expect((await dav('COPY', '/dav/local/a.txt', to('b.txt'))).status).toBe(201);
    expect((await dav('MOVE', '/dav/local/a.txt', to('c.txt'))).status).toBe(201);
    expect(await color('/dav/local/b.txt')).toBe(true);
    expect(await color('/dav/local/c.txt')).toBe(true);
    expect((await dav('DELETE', '/dav/local/c.txt')).status).toBe(204);
    expect((await dav('PUT', '/dav/local/c.txt', h.actors.admin(), 'new')).status).toBe(201);
    expect(await color('/dav/local/c.txt')).toBe(false);
    expect((await dav('COPY', '/dav/local/b.txt', { ...to('c.txt'), Overwrite: 'F' })).status).toBe(412);
  });

  it('refuses Depth infinity and hostile XML without trouble', async () => {
    await localMount();
    const infinite = await dav('PROPFIND', '/dav/local/', { ...h.actors.admin(), Depth: 'infinity' });
    expect(infinite.status).toBe(403);
    expect(infinite.text).toContain('<D:propfind-finite-depth/>');
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      '<D:propfind xmlns:D="DAV:"><D:prop>&lol2;</D:prop></D:propfind>';
    const external =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:">&xxe;</D:propfind>';
    const deep = '<a>'.repeat(10_000) + '</a>'.repeat(10_000);
    const huge = `<D:propfind xmlns:D="DAV:"><!-- ${'x'.repeat(2 * 1024 * 1024)} --></D:propfind>`;
    const depth1 = { ...h.actors.admin(), Depth: '1' };
    expect((await dav('PROPFIND', '/dav/local/', depth1, bomb)).status).toBe(400);
    expect((await dav('PROPFIND', '/dav/local/', depth1, external)).status).toBe(400);
    expect((await dav('PROPFIND', '/dav/local/', depth1, deep)).status).toBe(400);
    expect((await dav('PROPFIND', '/dav/local/', depth1, huge)).status).toBe(413);
    expect((await dav('PROPPATCH', '/dav/local/', h.actors.admin(), '<D:propertyupdate')).status).toBe(400);
    expect((await dav('PROPFIND', '/dav/local/', depth1)).status).toBe(207);
  });

  it('redirects GET on 302_redirect mounts, streams with Range and validators on native_proxy', async () => {
    await localMount();
    await h.call('POST', '/api/admin/mounts', {
      headers: h.actors.admin(),
      body: { name: 'r', mount_path: '/r', storage_config_id: 'local', webdav_policy: '302_redirect' },
    });
    await seed({ 'f.txt': 'hello world' });
    const redirected = await dav('GET', '/dav/r/f.txt');
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toMatch(/^http:\/\/localhost\/api\//);
    const full = await dav('GET', '/dav/local/f.txt');
    expect(full.text).toBe('hello world');
    const etag = full.headers.get('etag')!;
    expect(full.headers.get('last-modified')).toMatch(/GMT$/);
    const part = await dav('GET', '/dav/local/f.txt', { ...h.actors.admin(), Range: 'bytes=6-' });
    expect([part.status, part.text]).toEqual([206, 'world']);
    expect((await dav('GET', '/dav/local/f.txt', { ...h.actors.admin(), 'If-None-Match': etag })).status).toBe(304);
    expect((await dav('GET', '/dav/local/f.txt', { ...h.actors.admin(), 'If-Match': '"nope"' })).status).toBe(412);
    const head = await dav('HEAD', '/dav/local/f.txt');
    expect([head.status, head.headers.get('content-length'), head.text]).toEqual([200, '11', '']);
  });
});
