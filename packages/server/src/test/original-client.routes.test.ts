import { ALL_PERMISSIONS } from '@driftbox/contract';
import { statfs } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { shareRow } from '../modules/files/files.test-support.js';
import { TEST_START } from './clock.js';
import { dialects, type Harness } from './harness.js';
import { harnessPerTest } from './per-test.js';

/**
 * Contract tests of wire compatibility (issue 25): each request replayed as the original product's
 * v0.7.9 web client sends it — its fetch wrapper always adds `Content-Type: application/json` and, when
 * signed in, `Authorization: Bearer <token>`; bodies with its field names, casing and nulls — asserting
 * the fields that client reads from the answer.
 */

/** What the original's fetch wrapper sends: JSON content type always, the admin's Bearer token when signed in. */
function originalClient(h: Harness, signedIn: boolean) {
  const headers = { 'Content-Type': 'application/json', ...(signedIn ? h.actors.admin() : {}) };
  return (method: string, path: string, body?: unknown) =>
    h.call(method, path, { headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

describe.each(dialects)('the original client against Driftbox (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  describe('pastes: GET and POST /api/paste/{slug} answer its fields at the top level', () => {
    it('a public paste: content and who created it, beside the envelope', async () => {
      const admin = originalClient(h, true);
      // The editor's body: absolute expiry (null = never), maxViews null when left empty.
      const created = await admin('POST', '/api/paste', {
        content: '# hello',
        remark: 'note',
        expiresAt: null,
        maxViews: null,
        password: null,
        slug: 'open-one',
      });
      expect(created.status, created.text).toBe(201);

      const res = await originalClient(h, false)('GET', '/api/paste/open-one');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        slug: 'open-one',
        content: '# hello',
        remark: 'note',
        expiresAt: null,
        maxViews: 0,
        views: 1,
        createdAt: TEST_START,
        created_by: h.adminActor.id,
        hasPassword: false,
        requiresPassword: false,
        isLastView: false,
      });
      expect(res.body.data).toMatchObject({ content: '# hello', created_by: h.adminActor.id });
      expect(res.body).not.toHaveProperty('plain_password');
    });

    it('a protected paste: asks for the password, then answers the content and the password it was sent', async () => {
      const admin = originalClient(h, true);
      const created = await admin('POST', '/api/paste', { content: 'secret', password: 'pw-123', slug: 'locked' });
      expect(created.status, created.text).toBe(201);
      const visitor = originalClient(h, false);

      const asked = await visitor('GET', '/api/paste/locked');
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ slug: 'locked', hasPassword: true, requiresPassword: true });
      expect(asked.body.created_by).toBe(h.adminActor.id);
      expect(asked.body).not.toHaveProperty('content');
      expect(asked.body).not.toHaveProperty('plain_password');

      const opened = await visitor('POST', '/api/paste/locked', { password: 'pw-123' });
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({
        slug: 'locked',
        content: 'secret',
        hasPassword: true,
        views: 1,
        isLastView: false,
        created_by: h.adminActor.id,
        updatedAt: TEST_START,
        plain_password: 'pw-123',
      });
      // Only the answer to the request that sent it: not in `data`, not on a later read, not in a list.
      expect(opened.body.data).not.toHaveProperty('plain_password');
      const token = (opened.body.data as { accessToken: string }).accessToken;
      const reread = await h.call('GET', '/api/paste/locked', { headers: { 'X-Paste-Token': token } });
      expect(reread.body).toMatchObject({ content: 'secret' });
      expect(reread.text).not.toContain('pw-123');
      expect((await admin('GET', '/api/pastes?limit=10&page=1')).text).not.toContain('pw-123');
      expect((await admin('GET', `/api/pastes/${(created.body.data as { id: string }).id}`)).text).not.toContain(
        'pw-123',
      );
    });

    it('a wrong password is still 401 with no echo', async () => {
      await originalClient(h, true)('POST', '/api/paste', { content: 'x', password: 'pw-123', slug: 'locked' });
      const res = await originalClient(h, false)('POST', '/api/paste/locked', { password: 'guess-1' });
      expect(res.status).toBe(401);
      expect(res.text).not.toContain('guess-1');
    });
  });

  describe('API keys', () => {
    it('POST with custom_key: null generates a key; the list carries each full key, not cached', async () => {
      const admin = originalClient(h, true);
      // The key form's body when no custom key is chosen, once with an expiry and once "never".
      const expiring = await admin('POST', '/api/admin/api-keys', {
        name: 'laptop',
        custom_key: null,
        permissions: 1 | 2 | 256 | 512 | 65536,
        role: 'GENERAL',
        basic_path: '/',
        is_guest: false,
        expires_at: '2026-01-08T00:00:00.000Z',
      });
      expect(expiring.status, expiring.text).toBe(201);
      expect(expiring.body).toMatchObject({ code: 201, success: true });
      const never = await admin('POST', '/api/admin/api-keys', {
        name: 'phone',
        custom_key: null,
        permissions: 256,
        role: 'GUEST',
        basic_path: '/',
        is_guest: true,
        expires_at: null,
      });
      expect(never.status, never.text).toBe(201);
      const first = expiring.body.data as { id: string; key: string };
      const second = never.body.data as { id: string; key: string; expires_at: string | null };
      expect(first.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(second).toMatchObject({ key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), expires_at: null });

      const list = await admin('GET', '/api/admin/api-keys');
      expect(list.status).toBe(200);
      expect(list.headers.get('cache-control')).toBe('no-store');
      const rows = list.body.data as { id: string; key: string; key_masked: string }[];
      // The copy button copies `key.key` from the list.
      expect(rows.map((row) => [row.id, row.key])).toEqual(
        expect.arrayContaining([
          [first.id, first.key],
          [second.id, second.key],
        ]),
      );
      expect(rows.every((row) => row.key_masked.length < row.key.length)).toBe(true);
    });

    it('the list with its keys is for the admin only', async () => {
      const { headers } = await h.createKey(ALL_PERMISSIONS);
      const res = await h.call('GET', '/api/admin/api-keys', {
        headers: { 'Content-Type': 'application/json', ...headers },
      });
      expect(res.status).toBe(403);
      expect(res.text).not.toMatch(/"key":/);
    });
  });

  describe('null in optional fields of create and update bodies', () => {
    it('PUT /api/files/{id} from the edit form: null slug, remark and max_views', async () => {
      await h.db
        .insertInto('files')
        .values(
          shareRow(h, {
            id: 'f1',
            slug: 'report',
            filename: 'report.pdf',
            storage_path: 'report.pdf',
            mimetype: 'application/pdf',
            size: 10,
            status: 'active',
            created_at: TEST_START,
          }),
        )
        .execute();
      const res = await originalClient(h, true)('PUT', '/api/files/f1', {
        id: 'f1',
        slug: null,
        remark: null,
        max_views: null,
        use_proxy: true,
        expires_at: null,
      });
      expect(res.status, res.text).toBe(200);
      const row = await h.db.selectFrom('files').selectAll().where('id', '=', 'f1').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ slug: 'report', remark: null, max_views: 0, expires_at: null, use_proxy: 1 });
    });

    it('POST and PUT /api/s3-configs from the storage form: null capacity and empty options', async () => {
      const admin = originalClient(h, true);
      const form = {
        name: 'r2',
        provider_type: 'Cloudflare R2',
        endpoint_url: 'https://account.r2.cloudflarestorage.com',
        bucket_name: 'bucket',
        region: null,
        access_key_id: 'AKIAEXAMPLE',
        secret_access_key: 'secret',
        path_style: false,
        default_folder: null,
        is_public: false,
        total_storage_bytes: null,
        custom_host: null,
        signature_expires_in: null,
      };
      const created = await admin('POST', '/api/s3-configs', form);
      expect(created.status, created.text).toBe(201);
      const config = created.body.data as { id: string };
      expect(created.body.data).toMatchObject({ region: '', default_folder: '', signature_expires_in: 3600 });
      const updated = await admin('PUT', `/api/s3-configs/${config.id}`, {
        ...form,
        access_key_id: null,
        secret_access_key: null,
      });
      expect(updated.status, updated.text).toBe(200);
      const got = await admin('GET', `/api/s3-configs/${config.id}`);
      expect(got.body.data).toMatchObject({ has_credentials: true, total_storage_bytes: 10 * 1024 ** 3 });
    });
  });

  it('dashboard: the LOCAL entry reports its file system as capacity, for the usage bar', async () => {
    const res = await originalClient(h, true)('GET', '/api/admin/dashboard/stats');
    expect(res.status).toBe(200);
    const fs = await statfs(h.config.dataDir);
    const local = (res.body.data as { s3Buckets: Record<string, unknown>[] }).s3Buckets.find((b) => b.id === 'local');
    expect(local).toMatchObject({
      totalStorage: fs.blocks * fs.bsize,
      usedStorage: 0,
      usagePercent: 0,
      usage: { file_count: 0, total_size: 0 },
    });
  });
});
