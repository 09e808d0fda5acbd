import { ADMIN_SESSION_TTL_MS } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto/digest.js';
import { ADMIN, createHarness, dialects, type Harness } from '../../test/harness.js';
import { TEST_START } from '../../test/clock.js';

const login = (h: Harness, username: string, password: string, headers: Record<string, string> = {}) =>
  h.call('POST', '/api/admin/login', { body: { username, password }, headers });

describe.each(dialects)('auth routes (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  describe('POST /api/admin/login', () => {
    it('returns a token valid for 24 h and stores only its digest', async () => {
      const res = await login(h, ADMIN.username, ADMIN.password);
      expect(res.status).toBe(200);
      const data = res.body.data as { username: string; token: string; expiresAt: string };
      expect(res.body).toMatchObject({ code: 200, success: true, message: 'Login successful' });
      expect(data.username).toBe('admin');
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.expiresAt).toBe(new Date(Date.parse(TEST_START) + ADMIN_SESSION_TTL_MS).toISOString());
      const stored = await h.db.selectFrom('admin_sessions').select('token_hash').execute();
      expect(stored.map((s) => s.token_hash)).toContain(sha256Hex(data.token));
      expect(stored.map((s) => s.token_hash)).not.toContain(data.token);
      const check = await h.call('GET', '/api/test/admin-token', {
        headers: { Authorization: `Bearer ${data.token}` },
      });
      expect(check.body).toEqual({ code: 200, message: 'Token valid', data: null, success: true });
    });

    it('refuses a wrong password and an unknown user alike', async () => {
      for (const [username, password] of [
        [ADMIN.username, 'not-the-password'],
        ['nobody', ADMIN.password],
      ] as const) {
        const res = await login(h, username, password);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          code: 401,
          message: 'Invalid username or password',
          data: null,
          success: false,
          error: 'INVALID_CREDENTIALS',
          requestId: res.headers.get('x-request-id'),
        });
      }
    });

    it('validates the body', async () => {
      const res = await h.call('POST', '/api/admin/login', { body: { username: 'admin' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'password' }] });
    });

    it('rate-limits attempts per client before hashing, with Retry-After', async () => {
      h = await reopen(h, { trustProxy: true });
      const from = (ip: string) => ({ 'X-Forwarded-For': ip });
      for (let i = 0; i < 10; i += 1)
        expect((await login(h, 'admin', 'wrong-password', from('10.0.0.1'))).status).toBe(401);
      const limited = await login(h, 'admin', ADMIN.password, from('10.0.0.1'));
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 429, success: false, data: null, error: 'RATE_LIMITED' });
      expect(limited.headers.get('retry-after')).toBe(String(15 * 60));
      // Another client is unaffected, and the window ends.
      expect((await login(h, 'admin', ADMIN.password, from('10.0.0.2'))).status).toBe(200);
      h.clock.advance(15 * 60 * 1000);
      expect((await login(h, 'admin', ADMIN.password, from('10.0.0.1'))).status).toBe(200);
    });

    it('clears the client counter after a successful login', async () => {
      for (let i = 0; i < 9; i += 1) await login(h, 'admin', 'wrong-password');
      expect((await login(h, 'admin', ADMIN.password)).status).toBe(200);
      for (let i = 0; i < 9; i += 1) expect((await login(h, 'admin', 'wrong-password')).status).toBe(401);
    });

    it("counts only failures against the name: the admin's own logins never lock it out; failures from many clients do", async () => {
      h = await reopen(h, { trustProxy: true });
      const from = (n: number) => ({ 'X-Forwarded-For': `10.2.${Math.floor(n / 200)}.${n % 200}` });
      for (let i = 0; i < 100; i += 1) expect((await login(h, 'admin', ADMIN.password, from(i))).status).toBe(200);
      for (let i = 0; i < 100; i += 1)
        expect((await login(h, 'ADMIN', 'wrong-password', from(1000 + i))).status).toBe(401);
      // The name's window is used up: a client that failed is refused, even with the right password.
      expect((await login(h, 'admin', ADMIN.password, from(1000))).status).toBe(429);
    });

    it('a guesser spread over many addresses cannot lock the admin out: a fresh address with the right password gets in', async () => {
      h = await reopen(h, { trustProxy: true });
      const from = (n: number) => ({ 'X-Forwarded-For': `10.3.${Math.floor(n / 200)}.${n % 200}` });
      // Ten addresses, ten wrong passwords each: the name's 100 failures are used up.
      for (let i = 0; i < 100; i += 1)
        expect((await login(h, 'admin', 'wrong-password', from(Math.floor(i / 10)))).status).toBe(401);
      expect((await login(h, 'admin', ADMIN.password, from(500))).status).toBe(200);
      expect((await login(h, 'admin', ADMIN.password, from(500))).status).toBe(200);
      // The guessers stay refused until their own window ends, before any hash, whatever they send…
      for (let i = 0; i < 10; i += 1) {
        expect((await login(h, 'admin', 'another-guess', from(i))).status).toBe(429);
        expect((await login(h, 'admin', ADMIN.password, from(i))).status).toBe(429);
      }
      // …and a fresh address gets one guess, then is refused as well.
      expect((await login(h, 'admin', 'wrong-password', from(600))).status).toBe(401);
      const refused = await login(h, 'admin', 'wrong-password', from(600));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('counts IPv6 clients by their /64', async () => {
      h = await reopen(h, { trustProxy: true });
      for (let i = 0; i < 10; i += 1)
        expect(
          (await login(h, 'admin', 'wrong-password', { 'X-Forwarded-For': `2001:db8:0:7::${i + 1}` })).status,
        ).toBe(401);
      expect((await login(h, 'admin', ADMIN.password, { 'X-Forwarded-For': '2001:db8:0:7:ffff::1' })).status).toBe(429);
      expect((await login(h, 'admin', ADMIN.password, { 'X-Forwarded-For': '2001:db8:0:8::1' })).status).toBe(200);
    });

    it('uses X-Forwarded-For only when TRUST_PROXY is on', async () => {
      for (let i = 0; i < 10; i += 1) await login(h, 'admin', 'wrong-password', { 'X-Forwarded-For': `10.1.0.${i}` });
      const res = await login(h, 'admin', ADMIN.password, { 'X-Forwarded-For': '10.9.9.9' });
      expect(res.status).toBe(429);
    });
  });

  describe('sessions', () => {
    it('expires a token after 24 h with TOKEN_EXPIRED and deletes the session', async () => {
      h.clock.advance(ADMIN_SESSION_TTL_MS - 1);
      expect((await h.call('GET', '/api/test/admin-token', { headers: h.actors.admin() })).status).toBe(200);
      h.clock.advance(1);
      const res = await h.call('GET', '/api/test/admin-token', { headers: h.actors.admin() });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 401,
        error: 'TOKEN_EXPIRED',
        message: 'Admin session expired, please log in again',
      });
      const again = await h.call('GET', '/api/test/admin-token', { headers: h.actors.admin() });
      expect(again.body.error).toBe('UNAUTHORIZED');
    });

    it('logout ends the presented session and always answers 200', async () => {
      const res = await h.call('POST', '/api/admin/logout', { headers: h.actors.admin() });
      expect(res.body).toEqual({ code: 200, message: 'Logged out', data: null, success: true });
      expect((await h.call('GET', '/api/test/admin-token', { headers: h.actors.admin() })).status).toBe(401);
      expect((await h.call('POST', '/api/admin/logout')).status).toBe(200);
      expect((await h.call('POST', '/api/admin/logout', { headers: { Authorization: 'Bearer unknown' } })).status).toBe(
        200,
      );
    });

    it('test/admin-token: 401 anonymous or unknown token, 403 ADMIN_ONLY for an API key', async () => {
      expect((await h.call('GET', '/api/test/admin-token')).body).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
      expect((await h.call('GET', '/api/test/admin-token', { headers: { Authorization: 'Bearer nope' } })).status).toBe(
        401,
      );
      const key = await h.actors.apiKey(1);
      const res = await h.call('GET', '/api/test/admin-token', { headers: key });
      expect(res.body).toMatchObject({ code: 403, error: 'ADMIN_ONLY', message: 'Administrators only' });
    });

    it('keeps public routes working for a caller with a stale token', async () => {
      const res = await h.call('GET', '/api/health', { headers: { Authorization: 'Bearer stale' } });
      expect(res.status).toBe(200);
    });
  });

  describe('POST /api/admin/change-password', () => {
    const change = (body: Record<string, unknown>) =>
      h.call('POST', '/api/admin/change-password', { headers: h.actors.admin(), body });

    it('changes the password, ends every session and accepts only the new password', async () => {
      const second = (await login(h, ADMIN.username, ADMIN.password)).body.data as { token: string };
      const res = await change({ currentPassword: ADMIN.password, newPassword: 'a-brand-new-pass' });
      expect(res.body).toEqual({
        code: 200,
        message: 'Account updated, please log in again',
        data: null,
        success: true,
      });
      for (const headers of [h.actors.admin(), { Authorization: `Bearer ${second.token}` }]) {
        expect((await h.call('GET', '/api/test/admin-token', { headers })).status).toBe(401);
      }
      expect((await login(h, ADMIN.username, ADMIN.password)).status).toBe(401);
      expect((await login(h, ADMIN.username, 'a-brand-new-pass')).status).toBe(200);
    });

    it('changes the username', async () => {
      expect((await change({ currentPassword: ADMIN.password, newUsername: 'root' })).status).toBe(200);
      expect((await login(h, 'root', ADMIN.password)).status).toBe(200);
      expect((await login(h, 'admin', ADMIN.password)).status).toBe(401);
    });

    it('401 WRONG_PASSWORD for a wrong current password, and sessions stay', async () => {
      const res = await change({ currentPassword: 'not-it-at-all', newPassword: 'a-brand-new-pass' });
      expect(res.body).toMatchObject({
        code: 401,
        success: false,
        data: null,
        error: 'WRONG_PASSWORD',
        message: 'Current password is incorrect',
      });
      expect((await h.call('GET', '/api/test/admin-token', { headers: h.actors.admin() })).status).toBe(200);
    });

    it('rate-limits current-password checks', async () => {
      for (let i = 0; i < 10; i += 1)
        await change({ currentPassword: 'not-it-at-all', newPassword: 'a-brand-new-pass' });
      const res = await change({ currentPassword: ADMIN.password, newPassword: 'a-brand-new-pass' });
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('RATE_LIMITED');
    });

    it('400 when there is nothing to change or the new password equals the current one', async () => {
      const nothing = await change({ currentPassword: ADMIN.password });
      expect(nothing.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'newPassword' }] });
      const same = await change({ currentPassword: ADMIN.password, newPassword: ADMIN.password });
      expect(same.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'newPassword' }] });
      const sameName = await change({ currentPassword: ADMIN.password, newUsername: ADMIN.username });
      expect(sameName.body).toMatchObject({ code: 400, error: 'NOTHING_TO_UPDATE', message: 'Nothing to update' });
      const short = await change({ currentPassword: ADMIN.password, newPassword: 'short' });
      expect(short.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    });

    it('409 USERNAME_TAKEN when another admin has the name', async () => {
      await h.db
        .insertInto('admins')
        .values({
          id: 'other',
          username: 'taken',
          password_hash: 'scrypt$1$1$1$x$y',
          created_at: TEST_START,
          updated_at: TEST_START,
        })
        .execute();
      const res = await change({ currentPassword: ADMIN.password, newUsername: 'taken' });
      expect(res.body).toMatchObject({ code: 409, success: false, data: null, error: 'USERNAME_TAKEN' });
    });
  });
});

async function reopen(h: Harness, config: Parameters<typeof createHarness>[0]['config']): Promise<Harness> {
  const dialect = h.dialect;
  await h.close();
  return createHarness({ dialect, config });
}
