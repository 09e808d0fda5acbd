import type { FilePublicDto } from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHarness, dialects } from '../../../test/harness.js';
import { fileRow, seedFile } from '../files.test-support.js';
import { HOUR, fileAccessCalls } from './file-access.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('public file access (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { info, verify, get, views } = fileAccessCalls(h);

  describe('password-protected files', () => {
    beforeEach(async () => {
      await seedFile(h, { query: { slug: 'locked', password: 'open sesame', max_views: '3' } });
    });

    it('metadata without a token: no links, nothing counted', async () => {
      expect((await info('locked')).body.data).toMatchObject({
        requires_password: true,
        has_password: true,
        previewUrl: null,
        downloadUrl: null,
        access_token: null,
        views: 0,
      });
      expect(await views('locked')).toBe(0);
    });

    it('401 for view/download without a token, and with a forged one', async () => {
      expect((await get('/api/file-download/locked')).body).toMatchObject({
        code: 401,
        error: 'UNAUTHORIZED',
        message: 'This file needs a password',
      });
      expect((await get('/api/file-view/locked?token=forged.token')).status).toBe(401);
    });

    it('a script may send the password with the link (?password= or X-Password): checked, rate-limited and counted like verify', async () => {
      const download = await get('/api/file-download/locked?password=open%20sesame');
      expect(download.status).toBe(200);
      expect(download.text).toBe('hello world');
      expect((await get('/api/file-view/locked', { 'X-Password': 'open sesame' })).text).toBe('hello world');
      expect(await views('locked')).toBe(2);
      expect((await get('/api/file-download/locked?password=nope')).body).toMatchObject({
        code: 401,
        error: 'WRONG_PASSWORD',
        message: 'Wrong password',
      });
      // A HEAD checks the password but uses up no view.
      expect(
        (await h.app.request('/api/file-download/locked', { method: 'HEAD', headers: { 'X-Password': 'open sesame' } }))
          .status,
      ).toBe(200);
      expect(await views('locked')).toBe(2);
      // The third and last allowed view, then 410.
      expect((await get('/api/file-download/locked?password=open%20sesame')).status).toBe(200);
      expect((await get('/api/file-download/locked?password=open%20sesame')).status).toBe(410);
    });

    it("guesses sent with links share the verify route's limit: 429 after 20 from one client", async () => {
      for (let i = 0; i < 10; i += 1)
        expect((await get(`/api/file-download/locked?password=guess-${i}`)).status).toBe(401);
      for (let i = 10; i < 20; i += 1) expect((await verify('locked', `guess-${i}`)).status).toBe(401);
      expect((await get('/api/file-view/locked', { 'X-Password': 'open sesame' })).body).toMatchObject({
        code: 429,
        error: 'RATE_LIMITED',
      });
    });

    it('verify: 401 wrong password, then a counted view with a token that opens view and download', async () => {
      expect((await verify('locked', 'nope')).body).toMatchObject({
        code: 401,
        error: 'WRONG_PASSWORD',
        message: 'Wrong password',
      });
      const ok = await verify('locked', 'open sesame');
      const data = ok.body.data as FilePublicDto;
      expect(data).toMatchObject({ requires_password: false, views: 1, access_token: expect.any(String) });
      expect(data.downloadUrl).not.toContain('sesame');
      const download = await get(`/api/file-download/locked?token=${encodeURIComponent(data.access_token ?? '')}`);
      expect(download.status).toBe(200);
      expect(download.text).toBe('hello world');
      const viaHeader = await get('/api/file-view/locked', { 'X-File-Token': data.access_token ?? '' });
      expect(viaHeader.status).toBe(200);
      // Downloads with the token count nothing more; metadata with the token neither.
      expect((await info('locked', { 'X-File-Token': data.access_token ?? '' })).body.data).toMatchObject({
        views: 1,
        requires_password: false,
      });
      expect(await views('locked')).toBe(1);
    });

    it('a password change invalidates tokens issued before', async () => {
      const token = ((await verify('locked', 'open sesame')).body.data as FilePublicDto).access_token ?? '';
      const row = await fileRow(h, 'locked');
      await h.call('PUT', `/api/files/${row?.id}`, { headers: h.actors.admin(), body: { password: 'new one' } });
      expect((await get(`/api/file-download/locked?token=${encodeURIComponent(token)}`)).status).toBe(401);
    });

    it('tokens expire', async () => {
      const token = ((await verify('locked', 'open sesame')).body.data as FilePublicDto).access_token ?? '';
      h.clock.advance(HOUR + 1);
      expect((await get(`/api/file-download/locked?token=${encodeURIComponent(token)}`)).status).toBe(401);
    });

    it('400 for a file without a password, 400 for an empty password', async () => {
      await seedFile(h, { query: { slug: 'open' } });
      expect((await verify('open', 'x')).body).toMatchObject({
        code: 400,
        error: 'BAD_REQUEST',
        message: 'This file has no password',
      });
      expect((await verify('locked', '')).body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
      // Dead first: an expired share without a password is 410, as everywhere else.
      await seedFile(h, { query: { slug: 'short', expires_in: '1' } });
      h.clock.advance(HOUR + 1);
      expect((await verify('short', 'x')).body).toMatchObject({ code: 410, error: 'GONE' });
    });

    it('the right password sent with every download never runs into the limit (a script with X-Password)', async () => {
      await seedFile(h, { query: { slug: 'report', password: 'open sesame' } });
      for (let i = 0; i < 30; i += 1)
        expect((await get('/api/file-download/report', { 'X-Password': 'open sesame' })).status).toBe(200);
      for (let i = 0; i < 19; i += 1) expect((await verify('report', `guess-${i}`)).status).toBe(401);
      expect((await get('/api/file-download/report', { 'X-Password': 'open sesame' })).status).toBe(200);
    });

    it('429 after 20 guesses from one client, before any hash is computed', async () => {
      for (let i = 0; i < 20; i += 1) expect((await verify('locked', `guess-${i}`)).status).toBe(401);
      const limited = await verify('locked', 'open sesame');
      expect(limited.body).toMatchObject({ code: 429, error: 'RATE_LIMITED' });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });
});

// Its own harness with TRUST_PROXY (one harness at a time: Kysely's migrator looks for its lock table in every schema).
describe.each(dialects)('file password limit per share (%s)', (dialect) => {
  it('after 50 wrong guesses at one share from many clients the guessers get 429, a fresh reader with the right password still gets in', async () => {
    const h = await createHarness({ dialect, config: { trustProxy: true } });
    try {
      await seedFile(h, { query: { slug: 'target', password: 'right' } });
      const guess = (ip: string, password: string) =>
        h.call('POST', '/api/public/files/target/verify', { headers: { 'X-Forwarded-For': ip }, body: { password } });
      for (let i = 0; i < 60; i += 1) expect((await guess(`10.0.2.${i}`, 'right')).status).toBe(200);
      for (let i = 0; i < 50; i += 1) expect((await guess(`10.0.0.${i % 3}`, 'wrong')).status).toBe(401);
      // The guessers are refused, whatever they send; a reader without failures gets in, every time.
      for (let i = 0; i < 3; i += 1) expect((await guess(`10.0.0.${i}`, 'right')).status).toBe(429);
      for (let i = 0; i < 3; i += 1) expect((await guess('10.0.1.1', 'right')).status).toBe(200);
      // A fresh address gets one guess, then is refused too.
      expect((await guess('10.0.1.2', 'wrong')).status).toBe(401);
      expect((await guess('10.0.1.2', 'wrong')).status).toBe(429);
    } finally {
      await h.close();
    }
  });
});
