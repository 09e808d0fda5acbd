import { Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN, dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { DAV_ROUTES } from '../../test/protected-routes.js';
import { basic, DAV_RW, davCalls } from './webdav.test-support.js';

const propfind = (depth = '0') => ({ Depth: depth });

describe.each(dialects)('WebDAV auth (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { dav, localMount, keyBasic } = davCalls(() => h);

  it('classifies every /dav route (the caller is checked by the WebDAV routes themselves)', () => {
    const actual = h.app.routes.filter((r) => r.path.startsWith('/dav')).map((r) => `${r.method} ${r.path}`);
    expect(new Set(actual)).toEqual(DAV_ROUTES);
  });

  it('answers 401 with Basic and Bearer challenges, Basic alone to Dart clients', async () => {
    await localMount();
    for (const method of ['OPTIONS', 'PROPFIND', 'GET', 'PUT', 'DELETE', 'MKCOL', 'COPY', 'MOVE', 'LOCK']) {
      const res = await dav(method, '/dav/local/', {});
      expect(res.status, method).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="Driftbox WebDAV".*Bearer realm=/);
    }
    const dart = await dav('PROPFIND', '/dav/', { 'User-Agent': 'Dart/3.2 (dart:io)' });
    expect(dart.headers.get('www-authenticate')).toBe('Basic realm="Driftbox WebDAV", charset="UTF-8"');
    const wrongKey = await dav('PROPFIND', '/dav/', { Authorization: 'ApiKey nope', ...propfind() });
    expect(wrongKey.status).toBe(401);
    const wrongToken = await dav('PROPFIND', '/dav/', { Authorization: 'Bearer nope', ...propfind() });
    expect(wrongToken.status).toBe(401);
  });

  it('takes the admin by Basic password and Bearer token, a key by Basic (key as both) and ApiKey', async () => {
    await localMount();
    expect((await dav('PROPFIND', '/dav/', { ...basic(ADMIN.username, ADMIN.password), ...propfind() })).status).toBe(
      207,
    );
    expect((await dav('PROPFIND', '/dav/', { ...h.actors.admin(), ...propfind() })).status).toBe(207);
    expect((await dav('PROPFIND', '/dav/', { ...(await keyBasic(DAV_RW)), ...propfind() })).status).toBe(207);
    const apiKey = await h.actors.apiKey(DAV_RW);
    expect((await dav('PROPFIND', '/dav/', { ...apiKey, ...propfind() })).status).toBe(207);
    // A key is never a password of someone else: key as user with another password is the admin check.
    const { key } = await h.createKey(DAV_RW);
    expect((await dav('PROPFIND', '/dav/', { ...basic(key.key, 'x'), ...propfind() })).status).toBe(401);
  });

  it('counts failed Basic logins against the login page throttle (429), and credentials are needed every time', async () => {
    await localMount();
    for (let i = 0; i < 10; i++)
      expect((await dav('PROPFIND', '/dav/', { ...basic(ADMIN.username, `wrong-${i}`), ...propfind() })).status).toBe(
        401,
      );
    const limited = await dav('PROPFIND', '/dav/', { ...basic(ADMIN.username, 'wrong-again'), ...propfind() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // The login page shares the window.
    const login = await h.call('POST', '/api/admin/login', { body: { username: ADMIN.username, password: 'nope' } });
    expect(login.status).toBe(429);
    // No cache of earlier logins: a request without credentials is refused whatever came before.
    expect((await dav('PROPFIND', '/dav/', { ...h.actors.admin(), ...propfind() })).status).toBe(207);
    expect((await dav('PROPFIND', '/dav/', propfind())).status).toBe(401);
  });

  it('403 without the WebDAV bit of the method', async () => {
    await localMount();
    const mountOnly = await keyBasic(Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD);
    expect((await dav('PROPFIND', '/dav/local/', { ...mountOnly, ...propfind() })).status).toBe(403);
    const reader = await keyBasic(Permission.WEBDAV_READ);
    expect((await dav('PROPFIND', '/dav/local/', { ...reader, ...propfind() })).status).toBe(207);
    for (const method of ['PUT', 'DELETE', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'PROPPATCH'])
      expect((await dav(method, '/dav/local/x.txt', reader)).status, method).toBe(403);
    const writer = await keyBasic(Permission.WEBDAV_MANAGE);
    expect((await dav('PROPFIND', '/dav/local/', { ...writer, ...propfind() })).status).toBe(403);
    expect((await dav('PUT', '/dav/local/x.txt', writer, 'hello')).status).toBe(201);
  });
});
