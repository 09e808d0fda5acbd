import {
  CONTENT_LIMIT_BYTES,
  Permission,
  type ListPagination,
  type PasteDetailDto,
  type PasteListItemDto,
} from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects, type Headers } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { pasteRow, seedPaste } from './pastes.test-support.js';

const HOUR = 60 * 60 * 1000;
const after = (ms: number) => new Date(Date.parse(TEST_START) + ms).toISOString();

describe.each(dialects)('managing pastes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const list = async (query = '', headers: Headers = h.actors.admin()) => {
    const res = await h.call('GET', `/api/pastes${query}`, { headers });
    return { res, items: res.body.data as PasteListItemDto[], pagination: res.body.pagination as ListPagination };
  };
  const get = (id: string, headers: Headers = h.actors.admin()) => h.call('GET', `/api/pastes/${id}`, { headers });
  const update = (id: string, body: unknown, headers: Headers = h.actors.admin()) =>
    h.call('PUT', `/api/pastes/${id}`, { headers, body });

  describe('GET /api/pastes', () => {
    it('lists newest first with previews, key names and the original pagination beside data', async () => {
      const { headers } = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE, { name: 'laptop' });
      await seedPaste(h, { slug: 'first', content: 'x'.repeat(250), password: 'pw' });
      h.clock.advance(1000);
      await seedPaste(h, { slug: 'second', content: 'short', remark: 'r', maxViews: 3 }, headers);
      const { res, items, pagination } = await list();
      expect(res.body).toMatchObject({ code: 200, success: true });
      expect(items.map((p) => p.slug)).toEqual(['second', 'first']);
      expect(items[0]).toEqual({
        id: expect.any(String),
        slug: 'second',
        title: null,
        is_public: true,
        remark: 'r',
        has_password: false,
        expires_at: null,
        max_views: 3,
        view_count: 0,
        created_by: expect.stringMatching(/^apikey:/),
        key_name: 'laptop',
        content_preview: 'short',
        created_at: after(1000),
        updated_at: after(1000),
      });
      expect(items[1]).toMatchObject({
        has_password: true,
        key_name: null,
        created_by: h.adminActor.id,
        content_preview: `${'x'.repeat(200)}...`,
      });
      expect(pagination).toEqual({ total: 2, limit: 10, offset: 0, hasMore: false, page: 1, totalPages: 1 });
      expect(res.text).not.toContain('scrypt');
    });

    it('pages by page (1-based) or offset, default 10 per page', async () => {
      for (let i = 0; i < 12; i += 1) {
        await seedPaste(h, { slug: `p${String(i).padStart(2, '0')}` });
        h.clock.advance(1000);
      }
      const first = await list();
      expect(first.items).toHaveLength(10);
      expect(first.pagination).toEqual({ total: 12, limit: 10, offset: 0, hasMore: true, page: 1, totalPages: 2 });
      const second = await list('?page=2');
      expect(second.items.map((p) => p.slug)).toEqual(['p01', 'p00']);
      expect(second.pagination).toEqual({ total: 12, limit: 10, offset: 10, hasMore: false, page: 2, totalPages: 2 });
      const byOffset = await list('?offset=5&limit=3');
      expect(byOffset.items.map((p) => p.slug)).toEqual(['p06', 'p05', 'p04']);
      expect(byOffset.pagination).toMatchObject({ offset: 5, limit: 3, page: 2, totalPages: 4, hasMore: true });
      expect((await list('?limit=0')).res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    });

    it('searches slug, remark and content case-insensitively, with LIKE wildcards taken literally', async () => {
      await seedPaste(h, { slug: 'Alpha-notes' });
      await seedPaste(h, { remark: 'Meeting ALPHA' });
      await seedPaste(h, { content: 'text about alpha particles' });
      await seedPaste(h, { content: 'nothing relevant', remark: '50% off' });
      await seedPaste(h, { content: '500 offers' });
      expect((await list('?search=alpha')).items).toHaveLength(3);
      expect((await list('?search=alpha')).pagination.total).toBe(3);
      expect((await list(`?search=${encodeURIComponent('50%')}`)).items.map((p) => p.remark)).toEqual(['50% off']);
      expect((await list('?search=')).items).toHaveLength(5);
    });

    it('400 for a one-character search', async () => {
      const { res } = await list('?search=a');
      expect(res.body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        details: [{ path: 'search', message: 'Search needs at least 2 characters' }],
      });
    });

    it('a key sees only its own pastes, whatever created_by it asks for; the admin may filter by creator', async () => {
      const a = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE);
      const b = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE);
      await seedPaste(h, { slug: 'by-a' }, a.headers);
      await seedPaste(h, { slug: 'by-b' }, b.headers);
      await seedPaste(h, { slug: 'by-admin' });
      expect((await list('', a.headers)).items.map((p) => p.slug)).toEqual(['by-a']);
      expect((await list(`?created_by=apikey:${b.key.id}`, a.headers)).items.map((p) => p.slug)).toEqual(['by-a']);
      expect((await list(`?created_by=apikey:${b.key.id}`)).items.map((p) => p.slug)).toEqual(['by-b']);
      expect((await list()).pagination.total).toBe(3);
    });

    it("tells a key who it is (the original's key_info beside the list); the admin gets none", async () => {
      const a = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE, { name: 'laptop' });
      const res = await h.call('GET', '/api/pastes', { headers: a.headers });
      expect(res.body.key_info).toEqual({ id: a.key.id, name: 'laptop', basic_path: '/' });
      expect((await h.call('GET', '/api/pastes', { headers: h.actors.admin() })).body.key_info).toBeUndefined();
    });
  });

  describe('GET /api/pastes/{id}', () => {
    it('returns the whole paste without any password, by id or by slug', async () => {
      const paste = await seedPaste(h, { slug: 'full', content: 'x'.repeat(300), password: 'pw-secret' });
      const res = await get(paste.id);
      expect(res.body.data).toEqual({
        id: paste.id,
        slug: 'full',
        title: null,
        is_public: true,
        content: 'x'.repeat(300),
        remark: null,
        has_password: true,
        expires_at: null,
        max_views: 0,
        view_count: 0,
        created_by: h.adminActor.id,
        key_name: null,
        created_at: TEST_START,
        updated_at: TEST_START,
      });
      expect(res.text).not.toMatch(/pw-secret|scrypt|password_hash/);
      expect((await get('full')).body.data).toMatchObject({ id: paste.id });
    });

    it("404 for an unknown id and for another key's paste", async () => {
      const a = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE);
      const b = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE);
      const paste = await seedPaste(h, {}, a.headers);
      expect((await get('nope')).body).toMatchObject({ code: 404, error: 'NOT_FOUND', message: 'Paste not found' });
      expect((await get(paste.id, b.headers)).body).toMatchObject({
        code: 404,
        success: false,
        data: null,
        error: 'NOT_FOUND',
      });
      expect((await get(paste.id, a.headers)).status).toBe(200);
    });
  });

  describe('PUT /api/pastes/{id}', () => {
    it('updates content, remark and expiry (preset or absolute), touching updated_at', async () => {
      const paste = await seedPaste(h, { remark: 'old' });
      h.clock.advance(5000);
      const res = await update(paste.id, { content: 'new body', remark: '', expiry: 'week' });
      expect(res.body).toMatchObject({ code: 200, message: 'Paste updated' });
      expect(res.body.data).toMatchObject({
        content: 'new body',
        remark: null,
        expires_at: after(5000 + 7 * 24 * HOUR),
        updated_at: after(5000),
        created_at: TEST_START,
      });
      expect((await update(paste.id, { expiresAt: '2026-03-01T00:00:00Z' })).body.data).toMatchObject({
        expires_at: '2026-03-01T00:00:00.000Z',
      });
      expect((await update(paste.id, { expiry: 'never' })).body.data).toMatchObject({ expires_at: null });
    });

    it('resets views only when max views change', async () => {
      const paste = await seedPaste(h, { slug: 'counted', maxViews: 5 });
      await h.call('GET', '/api/paste/counted');
      await h.call('GET', '/api/paste/counted');
      expect((await update(paste.id, { maxViews: 5, remark: 'same limit' })).body.data).toMatchObject({
        view_count: 2,
        max_views: 5,
      });
      expect((await update(paste.id, { content: 'edited' })).body.data).toMatchObject({ view_count: 2 });
      expect((await update(paste.id, { maxViews: 10 })).body.data).toMatchObject({ view_count: 0, max_views: 10 });
      expect((await update(paste.id, { maxViews: null })).body.data).toMatchObject({ max_views: 0 });
    });

    it('sets and clears the password (stored hashed, never returned), bumping its version', async () => {
      const paste = await seedPaste(h, { slug: 'pw' });
      const set = await update(paste.id, { password: 'first-pw' });
      expect(set.body.data).toMatchObject({ has_password: true });
      expect(set.text).not.toContain('first-pw');
      const row = await pasteRow(h, 'pw');
      expect(row).toMatchObject({ password_hash: expect.stringMatching(/^scrypt\$/), password_version: 1 });
      expect((await h.call('POST', '/api/paste/pw', { body: { password: 'first-pw' } })).status).toBe(200);
      expect((await update(paste.id, { clearPassword: true })).body.data).toMatchObject({ has_password: false });
      expect(await pasteRow(h, 'pw')).toMatchObject({ password_hash: null, password_version: 2 });
      expect((await h.call('GET', '/api/paste/pw')).body.data).toMatchObject({ content: 'hello world' });
    });

    it('changes the slug: a custom one, or a new random one for an empty string', async () => {
      const paste = await seedPaste(h, { slug: 'before' });
      expect((await update(paste.id, { newSlug: 'after' })).body.data).toMatchObject({ slug: 'after' });
      expect((await h.call('GET', '/api/paste/before')).status).toBe(404);
      expect((await h.call('GET', '/api/paste/after')).status).toBe(200);
      const random = (await update(paste.id, { newSlug: '' })).body.data as PasteDetailDto;
      expect(random.slug).toMatch(/^[A-Za-z0-9]{8}$/);
      expect((await update(paste.id, { newSlug: random.slug })).status).toBe(200);
    });

    it('409 for a taken slug, 400 for reserved or nothing to update, 413 for content over 10 MB', async () => {
      const paste = await seedPaste(h, { slug: 'mine' });
      await seedPaste(h, { slug: 'theirs' });
      expect((await update(paste.id, { newSlug: 'theirs' })).body).toMatchObject({ code: 409, error: 'SLUG_TAKEN' });
      expect((await update(paste.id, { newSlug: 'admin' })).body).toMatchObject({
        code: 400,
        details: [{ path: 'newSlug' }],
      });
      expect((await update(paste.id, {})).body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
      expect((await update(paste.id, { password: 'a', clearPassword: true })).body).toMatchObject({
        code: 400,
        details: [{ path: 'clearPassword' }],
      });
      expect((await update(paste.id, { content: 'y'.repeat(CONTENT_LIMIT_BYTES + 1) })).body).toMatchObject({
        code: 413,
        error: 'PAYLOAD_TOO_LARGE',
      });
      expect((await pasteRow(h, 'mine')).content).toBe('hello world');
    });

    it("404 for an unknown paste or another key's; an expired paste can be revived", async () => {
      const a = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE);
      const b = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE);
      const paste = await seedPaste(h, { slug: 'old', expiry: 'hour' }, a.headers);
      expect((await update('missing', { remark: 'x' })).body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
      expect((await update(paste.id, { remark: 'x' }, b.headers)).body).toMatchObject({
        code: 404,
        error: 'NOT_FOUND',
      });
      h.clock.advance(2 * HOUR);
      expect((await h.call('GET', '/api/paste/old')).status).toBe(410);
      expect((await update(paste.id, { expiry: 'day' }, a.headers)).status).toBe(200);
      expect((await h.call('GET', '/api/paste/old')).status).toBe(200);
    });
  });

  describe('DELETE /api/pastes/batch-delete and POST /api/pastes/clear-expired', () => {
    it('the admin deletes any listed pastes; a key only its own; the count says how many', async () => {
      const a = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE);
      const mine = await seedPaste(h, {}, a.headers);
      const other = await seedPaste(h);
      const byKey = await h.call('DELETE', '/api/pastes/batch-delete', {
        headers: a.headers,
        body: { ids: [mine.id, other.id, 'unknown'] },
      });
      expect(byKey.body).toEqual({ code: 200, message: 'Pastes deleted', success: true, data: { deleted: 1 } });
      const byAdmin = await h.call('DELETE', '/api/pastes/batch-delete', {
        headers: h.actors.admin(),
        body: { ids: [other.id] },
      });
      expect(byAdmin.body.data).toEqual({ deleted: 1 });
      expect(await h.db.selectFrom('pastes').select('id').execute()).toEqual([]);
      expect(
        (await h.call('DELETE', '/api/pastes/batch-delete', { headers: h.actors.admin(), body: { ids: [] } })).body,
      ).toMatchObject({
        code: 400,
        details: [{ path: 'ids' }],
      });
    });

    it('clear-expired deletes expired and used-up pastes: all for the admin, its own for a key', async () => {
      const a = await h.createKey(Permission.TEXT | Permission.TEXT_MANAGE);
      await seedPaste(h, { slug: 'key-expired', expiry: 'hour' }, a.headers);
      await seedPaste(h, { slug: 'key-live' }, a.headers);
      await seedPaste(h, { slug: 'admin-expired', expiry: 'hour' });
      await seedPaste(h, { slug: 'admin-used', maxViews: 1 });
      await seedPaste(h, { slug: 'admin-live', maxViews: 2 });
      await h.call('GET', '/api/paste/admin-used');
      await h.call('GET', '/api/paste/admin-live');
      h.clock.advance(HOUR);
      const byKey = await h.call('POST', '/api/pastes/clear-expired', {
        headers: a.headers,
        body: { clearExpired: true },
      });
      expect(byKey.body).toEqual({ code: 200, message: 'Expired pastes cleared', success: true, data: { deleted: 1 } });
      const byAdmin = await h.call('POST', '/api/pastes/clear-expired', { headers: h.actors.admin() });
      expect(byAdmin.body.data).toEqual({ deleted: 2 });
      const left = await h.db.selectFrom('pastes').select('slug').orderBy('slug').execute();
      expect(left.map((r) => r.slug)).toEqual(['admin-live', 'key-live']);
    });
  });
});
