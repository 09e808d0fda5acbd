import { PASTE_PASSWORD_HEADER } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { jsonLogger } from '../lib/logger-json.js';
import { seedFile } from '../modules/files/files.test-support.js';
import { fsCalls } from '../modules/fs/fs.test-support.js';
import { basic, DAV_RW } from '../modules/webdav/webdav.test-support.js';
import { ADMIN, dialects } from './harness.js';
import { harnessPerTest } from './per-test.js';
import { secretsLogged } from './log-secrets.js';

/**
 * Every kind of secret a client sends, through the routes that take it, with the production JSON logger at
 * debug level: not one captured line may hold any of them (the harness checks its own secrets in every
 * route suite; these are the ones only this test knows).
 */
describe.each(dialects)('no secret in any log line (%s)', (dialect) => {
  const lines: string[] = [];
  const h = harnessPerTest({
    dialect,
    logger: jsonLogger('debug', { write: (line: string) => void lines.push(line) }),
  });
  const fs = fsCalls(() => h);
  const secrets: Record<string, string> = {};

  const call = async (method: string, url: string, headers: Record<string, string> = {}, body?: unknown) => {
    const json: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
    const res = await h.app.request(url, {
      method,
      headers: { ...json, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) as { data: Record<string, unknown> } };
  };

  it('login, Bearer token, API key, paste and file passwords, share password, signed link, WebDAV Basic', async () => {
    lines.length = 0;
    // Login with a password (and a wrong one), then the session token as Bearer.
    const login = await call('POST', '/api/admin/login', {}, { username: ADMIN.username, password: ADMIN.password });
    expect(login.status).toBe(200);
    secrets.sessionToken = String(login.json().data.token);
    secrets.wrongPassword = 'wrong-guess-Xq81';
    await call('POST', '/api/admin/login', {}, { username: ADMIN.username, password: secrets.wrongPassword });
    expect(
      (await call('GET', '/api/test/admin-token', { Authorization: `Bearer ${secrets.sessionToken}` })).status,
    ).toBe(200);
    // An API key in both headers, and a made-up one.
    const { key } = await h.createKey(DAV_RW);
    secrets.apiKey = key.key;
    expect((await call('GET', '/api/test/api-key', { Authorization: `ApiKey ${key.key}` })).status).toBe(200);
    expect((await call('GET', '/api/test/api-key', { 'X-Custom-Auth-Key': key.key })).status).toBe(200);
    secrets.unknownKey = 'made-up-key-Pq7Zr2Lw';
    await call('GET', '/api/test/api-key', { Authorization: `ApiKey ${secrets.unknownKey}` });

    // A password-protected paste: unlocked by body, query and header; its view token used.
    secrets.pastePassword = 'paste-pass-Hy63';
    const paste = await call('POST', '/api/paste', h.actors.admin(), { content: 'x', password: secrets.pastePassword });
    const slug = String(paste.json().data.slug);
    const unlocked = await call('POST', `/api/paste/${slug}`, {}, { password: secrets.pastePassword });
    expect(unlocked.status).toBe(200);
    const pasteToken = unlocked.json().data.access_token;
    if (typeof pasteToken === 'string') secrets.pasteToken = pasteToken;
    expect((await call('GET', `/api/raw/${slug}?password=${secrets.pastePassword}`)).status).toBe(200);
    await call('GET', `/api/raw/${slug}`, { [PASTE_PASSWORD_HEADER]: secrets.pastePassword });

    // A password-protected file share: verify, the password with the link, the access token.
    secrets.filePassword = 'file-pass-Kd42';
    await seedFile(h, { query: { slug: 'locked', password: secrets.filePassword } });
    const verified = await call('POST', '/api/public/files/locked/verify', {}, { password: secrets.filePassword });
    expect(verified.status).toBe(200);
    secrets.fileToken = String(verified.json().data.access_token);
    expect((await call('GET', `/api/file-download/locked?password=${secrets.filePassword}`)).status).toBe(200);
    expect((await call('GET', `/api/file-view/locked?token=${secrets.fileToken}`)).status).toBe(200);

    // A mount share created with a password, a signed /api/p link, WebDAV with Basic credentials.
    await fs.mount('local', '/pub', { web_proxy: 1 });
    await fs.seed('local', { 'a.txt': 'proxied' });
    secrets.sharePassword = 'share-pass-Tm09';
    const share = await call('POST', '/api/fs/create-share', h.actors.admin(), {
      path: '/pub/a.txt',
      password: secrets.sharePassword,
    });
    expect(share.status).toBe(201);
    const got = await call('GET', '/api/fs/get?path=%2Fpub%2Fa.txt', h.actors.admin());
    const link = String(got.json().data.preview_url);
    secrets.sign = new URL(link, 'http://x').searchParams.get('sign') ?? '';
    expect((await call('GET', link)).status).toBe(200);
    expect((await call('GET', link.replace(/sign=[^&]+/, 'sign=forged-sign-Ab12:9'))).status).toBe(403);
    expect((await call('PROPFIND', '/dav/', { ...basic(ADMIN.username, ADMIN.password), Depth: '0' })).status).toBe(
      207,
    );
    expect((await call('PROPFIND', '/dav/', { ...basic(key.key, key.key), Depth: '0' })).status).toBe(207);
    secrets.basicHeader = basic(key.key, key.key).Authorization!.slice('Basic '.length);

    // Lines were written (every request's, with its id), and none holds a secret.
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = parsed.filter((l) => typeof l.msg === 'string' && /^(GET|POST|PUT|PROPFIND) \//.test(l.msg));
    expect(requests.length).toBeGreaterThanOrEqual(20);
    expect(requests.every((l) => typeof l.requestId === 'string' && l.level === 'info')).toBe(true);
    expect(Object.values(secrets).every((s) => s.length >= 8)).toBe(true);
    const entries = lines.map((line) => ({ level: 'info' as const, message: line, fields: {} }));
    expect(secretsLogged(entries, { ...secrets, adminPassword: ADMIN.password })).toEqual([]);
  });
});
