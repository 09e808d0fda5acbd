import { Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type AdminActor, type ApiKeyActor } from '../../lib/auth/actor.js';
import { testClock } from '../../test/clock.js';
import { codeOf } from '../../test/errors.js';
import { testCrypto } from '../../test/harness.js';
import { shareManager, type ShareChanges, type ShareListFilter, type ShareRow } from './share-manager.js';

/** A kind of share with one column of its own, kept in memory: what a third kind plugs in. */
type NoteRow = ShareRow & { note: string };

const admin: AdminActor = { type: 'admin', id: 'admin-1', username: 'admin' };
const key = (id: string, permissions: number = Permission.TEXT | Permission.TEXT_MANAGE): ApiKeyActor => ({
  type: 'apikey',
  id,
  name: id,
  permissions,
  basicPath: '/',
  role: 'GENERAL',
  isGuest: 0,
  expiresAt: null,
});

/** A share with no password, expiry or view limit. */
const OPEN = { remark: null, password_hash: null, password_version: 0, expires_at: null, max_views: 0, views: 0 };

function noteRow(id: string, createdBy: string, extra: Partial<NoteRow> = {}): NoteRow {
  return { ...OPEN, id, slug: `slug-${id}`, created_by: createdBy, note: '', ...extra };
}

function setup(rows: NoteRow[]) {
  const table = new Map(rows.map((r) => [r.id, { ...r }]));
  const filtered = (f: ShareListFilter) =>
    [...table.values()].filter((r) => f.createdBy === undefined || r.created_by === f.createdBy);
  const store = {
    async findDetail(idOrSlug: string, createdBy: string | undefined) {
      const row = table.get(idOrSlug) ?? [...table.values()].find((r) => r.slug === idOrSlug);
      return row && (createdBy === undefined || row.created_by === createdBy) ? { ...row } : undefined;
    },
    list: async (f: ShareListFilter) => filtered(f).slice(f.offset, f.offset + f.limit),
    count: async (f: ShareListFilter) => filtered(f).length,
    async update(id: string, changes: ShareChanges & { note?: string }, bump: boolean) {
      const row = table.get(id);
      if (!row) return false;
      table.set(id, { ...row, ...changes, password_version: row.password_version + (bump ? 1 : 0) });
      return true;
    },
  };
  const clock = testClock();
  const ids = { uuid: () => 'id', token: () => 'token', slug: () => 'Random01' };
  const manager = shareManager(
    { resource: 'paste', permission: Permission.TEXT, managePermission: Permission.TEXT_MANAGE, store },
    {
      clock,
      ids,
      crypto: testCrypto(),
    },
  );
  return { manager, table, clock };
}

describe('shareManager', () => {
  it('views restart only when the limit changes; a new or cleared password bumps its version', async () => {
    const { manager } = setup([noteRow('a', 'admin-1', { max_views: 5, views: 3 })]);
    const same = await manager.update(admin, 'a', { maxViews: 5, remark: 'hi' }, { note: 'n' });
    expect(same).toMatchObject({ views: 3, remark: 'hi', note: 'n', password_version: 0 });
    expect(await manager.update(admin, 'a', { maxViews: 2 }, {})).toMatchObject({ max_views: 2, views: 0 });
    // Clearing a password there is none of changes nothing; setting one, then clearing it, bumps twice.
    expect((await manager.update(admin, 'a', { clearPassword: true }, {})).password_version).toBe(0);
    const locked = await manager.update(admin, 'a', { password: 'pw' }, {});
    expect(locked.password_hash).not.toBeNull();
    const open = await manager.update(admin, 'a', { clearPassword: true }, {});
    expect(open).toMatchObject({ password_hash: null, password_version: 2 });
  });

  it('expiry: a lifetime from now, never, or a future absolute time; the past is 400 at its field', async () => {
    const { manager } = setup([noteRow('a', 'admin-1')]);
    const hour = await manager.update(admin, 'a', { expiry: { lifetimeMs: 3_600_000 } }, {});
    expect(hour.expires_at).toBe('2026-01-01T01:00:00.000Z');
    expect((await manager.update(admin, 'a', { expiry: { lifetimeMs: null } }, {})).expires_at).toBeNull();
    const past = manager.update(admin, 'a', { expiry: { at: '2025-12-31T00:00:00Z', field: 'when' } }, {});
    const err = await past.catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'when' }] });
    // An unknown share is 404 before its body is judged.
    expect(await codeOf(manager.update(admin, 'zz', { expiry: { at: '2025-01-01T00:00:00Z', field: 'x' } }, {}))).toBe(
      'NOT_FOUND',
    );
  });

  it('moves to a custom or a new random slug, keeps it otherwise', async () => {
    const { manager } = setup([noteRow('a', 'admin-1')]);
    expect((await manager.update(admin, 'a', { slug: 'mine' }, {})).slug).toBe('mine');
    expect((await manager.update(admin, 'mine', { remark: 'x' }, {})).slug).toBe('mine');
    expect((await manager.update(admin, 'a', { slug: '' }, {})).slug).toBe('Random01');
  });

  it('a key manages only its own shares (others are 404); admins all, optionally by creator', async () => {
    const { manager } = setup([noteRow('a', 'apikey:k1'), noteRow('b', 'apikey:k2'), noteRow('c', 'admin-1')]);
    expect(await codeOf(manager.requireOwned(key('k1'), 'b'))).toBe('NOT_FOUND');
    expect((await manager.requireOwned(key('k1'), 'a')).id).toBe('a');
    const mine = await manager.list(key('k1'), { limit: 10, offset: 0, created_by: 'apikey:k2' });
    expect(mine.items.map((r) => r.id)).toEqual(['a']);
    const all = await manager.list(admin, { limit: 10, offset: 0 });
    expect(all.items).toHaveLength(3);
    expect((await manager.list(admin, { limit: 10, offset: 0, created_by: 'apikey:k2' })).items[0]?.id).toBe('b');
    expect(manager.scope(admin)).toBeUndefined();
    expect(manager.scope(key('k1'))).toBe('apikey:k1');
  });

  it('401 anonymous, 403 a key without the kind’s permission', async () => {
    const { manager } = setup([noteRow('a', 'apikey:k1')]);
    expect(await codeOf(manager.requireOwned(ANONYMOUS, 'a'))).toBe('UNAUTHORIZED');
    expect(await codeOf(manager.list(key('k1', Permission.FILE_SHARE), { limit: 1, offset: 0 }))).toBe(
      'PERMISSION_DENIED',
    );
  });

  it('pagination: page wins over offset; the original block', async () => {
    const { manager } = setup(['a', 'b', 'c', 'd', 'e'].map((id) => noteRow(id, 'admin-1')));
    const { items: rows, pagination } = await manager.list(admin, { page: 2, limit: 2, offset: 0 });
    expect(rows.map((r) => r.id)).toEqual(['c', 'd']);
    expect(pagination).toEqual({ total: 5, limit: 2, offset: 2, hasMore: true, page: 2, totalPages: 3 });
    const last = await manager.list(admin, { limit: 2, offset: 4 });
    expect(last.pagination).toMatchObject({ offset: 4, hasMore: false, page: 3 });
  });
});
