import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { DAV_RW, davCalls } from './webdav.test-support.js';

/** Paths that try to leave `/local/team` (each as sent on the request line). */
const PATH_CORPUS = [
  '/dav/local/other/secret.txt',
  '/dav/local/secret.txt',
  '/dav/local/team/%2e%2e/secret.txt',
  '/dav/local/team/%2E%2E/other/secret.txt',
  '/dav/local/team/%252e%252e/secret.txt',
  '/dav/local/team/..%5csecret.txt',
  '/dav/local/team/%5c..%5csecret.txt',
  '/dav/local/team/..%2fsecret.txt',
  '/dav/local//other/secret.txt',
  '/dav/local/team/%00/../../secret.txt',
  '/dav/local/team%00/secret.txt',
  '/dav/local/team/%c0%ae%c0%ae/secret.txt',
  '/dav/local/team/\uff0e\uff0e/secret.txt',
  '/dav/local/teammate/secret.txt',
  '/dav/other',
];

/** Destinations that try to leave it, or this server. */
const DESTINATION_CORPUS: [string, number[]][] = [
  ['http://localhost/dav/local/other/stolen.txt', [403]],
  ['/dav/local/stolen.txt', [403]],
  ['http://localhost/dav/local/team/%2e%2e/stolen.txt', [400, 403]],
  ['http://localhost/dav/local/team/%252e%252e/stolen.txt', [400, 403]],
  ['http://localhost/dav/local/team/..%5cstolen.txt', [400, 403]],
  ['http://localhost/dav/local/team/%00.txt', [400, 403]],
  ['http://localhost/dav/local//other/stolen.txt', [403]],
  ['http://evil.example/dav/local/team/x.txt', [502]],
  ['http://169.254.169.254/latest/meta-data', [502]],
  ['http://localhost/api/admin/mounts', [403]],
  ['file:///etc/passwd', [502, 403]],
];

const METHODS = [
  'OPTIONS',
  'PROPFIND',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'PROPPATCH',
];

describe.each(dialects)('WebDAV base path (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });
  const { dav, localMount, seed, read, keyBasic } = davCalls(() => h);

  it('keeps a key with basic_path /local/team inside it through every method and the Destination', async () => {
    await localMount();
    await seed({ 'secret.txt': 'top secret', 'other/secret.txt': 'other secret', 'team/mine.txt': 'mine' });
    const key = await keyBasic(DAV_RW, '/local/team');
    const lockBody =
      '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';
    for (const method of METHODS)
      for (const path of PATH_CORPUS) {
        const headers = {
          ...key,
          Depth: '0',
          Destination: 'http://localhost/dav/local/team/copied.txt',
          'Lock-Token': '<urn:uuid:x>',
        };
        const body = method === 'PUT' ? 'overwritten' : method === 'LOCK' ? lockBody : undefined;
        const res = await dav(method, path, headers, body);
        expect([400, 403, 404], `${method} ${path}: ${res.status} ${res.text}`).toContain(res.status);
        expect(res.text).not.toMatch(/secret/);
      }
    for (const [destination, statuses] of DESTINATION_CORPUS)
      for (const method of ['COPY', 'MOVE']) {
        const res = await dav(method, '/dav/local/team/mine.txt', { ...key, Destination: destination });
        expect(statuses, `${method} → ${destination}: ${res.status}`).toContain(res.status);
      }
    // Nothing outside the base path changed, nothing arrived there, and the key's own file is still its own.
    expect(await read('secret.txt')).toBe('top secret');
    expect(await read('other/secret.txt')).toBe('other secret');
    expect(await read('stolen.txt')).toBeNull();
    expect(await read('other/stolen.txt')).toBeNull();
    expect(await read('team/mine.txt')).toBe('mine');
    expect(await read('team/copied.txt')).toBeNull();
  });

  it('lets the key walk down to its base path and shows only the way there', async () => {
    const key = await keyBasic(DAV_RW, '/local/team');
    const root = await dav('PROPFIND', '/dav/', { ...key, Depth: '1' });
    expect(root.status).toBe(207);
    const local = await dav('PROPFIND', '/dav/local/', { ...key, Depth: '1' });
    expect(local.status).toBe(207);
    expect(local.text).toContain('<D:href>/dav/local/team/</D:href>');
    expect(local.text).not.toContain('secret');
    expect(local.text).not.toContain('/dav/local/other/');
    const inside = await dav('PROPFIND', '/dav/local/team/', { ...key, Depth: '1' });
    expect(inside.text).toContain('/dav/local/team/mine.txt');
    expect((await dav('PUT', '/dav/local/team/new.txt', key, 'new')).status).toBe(201);
    const copy = await dav('COPY', '/dav/local/team/new.txt', {
      ...key,
      Destination: 'http://localhost/dav/local/team/copy.txt',
    });
    expect(copy.status).toBe(201);
    expect(await read('team/copy.txt')).toBe('new');
  });
});
