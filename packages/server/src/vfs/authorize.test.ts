import { ALL_PERMISSIONS, MOUNT_PERMISSIONS, Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type AdminActor, type ApiKeyActor } from '../lib/auth/actor.js';
import { AppError } from '../lib/errors.js';
import { authorize, canSeeMount, visibleEntries } from './authorize.js';
import { VFS_OPERATIONS, type VfsOp } from './vfs-types.js';

const admin: AdminActor = { type: 'admin', id: 'a', username: 'admin' };
const key = (permissions: number, basicPath = '/'): ApiKeyActor => ({
  type: 'apikey',
  id: 'k',
  name: 'k',
  permissions,
  basicPath,
  role: 'GENERAL',
  isGuest: 0,
  expiresAt: null,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};
const OPS = Object.keys(VFS_OPERATIONS) as VfsOp[];

describe('authorize: the base-path rule, in one place', () => {
  it('lets admins do everything anywhere, and nobody anonymous anything', () => {
    for (const op of OPS) {
      expect(authorize(admin, '/any/where', op)).toEqual({ kind: 'full' });
      expect(codeOf(() => authorize(ANONYMOUS, '/', op))).toBe('UNAUTHORIZED');
    }
  });

  it('needs the bit of each operation (spec §6)', () => {
    const expected: Record<VfsOp, number> = {
      list: Permission.MOUNT_VIEW,
      get: Permission.MOUNT_VIEW,
      download: Permission.MOUNT_VIEW,
      link: Permission.MOUNT_VIEW,
      share: Permission.MOUNT_VIEW,
      search: Permission.MOUNT_VIEW,
      mkdir: Permission.MOUNT_UPLOAD,
      upload: Permission.MOUNT_UPLOAD,
      update: Permission.MOUNT_UPLOAD,
      copy: Permission.MOUNT_COPY,
      rename: Permission.MOUNT_RENAME,
      delete: Permission.MOUNT_DELETE,
    };
    for (const op of OPS) {
      expect(authorize(key(expected[op]), '/a', op)).toEqual({ kind: 'full' });
      expect([op, codeOf(() => authorize(key(ALL_PERMISSIONS & ~expected[op]), '/a', op))]).toEqual([
        op,
        'PERMISSION_DENIED',
      ]);
    }
  });

  it('allows the base path and below it, never a sibling sharing its prefix or a parent', () => {
    const scoped = key(ALL_PERMISSIONS, '/team/docs');
    for (const op of OPS) {
      expect(authorize(scoped, '/team/docs', op)).toEqual({ kind: 'full' });
      expect(authorize(scoped, '/team/docs/a/b.txt', op)).toEqual({ kind: 'full' });
      for (const outside of ['/team/docs2', '/team/doc', '/other', '/team/other/docs']) {
        expect([op, outside, codeOf(() => authorize(scoped, outside, op))]).toEqual([op, outside, 'PATH_FORBIDDEN']);
      }
    }
  });

  it('lets a listing of an ancestor through, showing only the entry on the way; nothing else there', () => {
    const scoped = key(ALL_PERMISSIONS, '/team/docs/2024');
    expect(authorize(scoped, '/', 'list')).toEqual({ kind: 'toward', next: 'team' });
    expect(authorize(scoped, '/team', 'list')).toEqual({ kind: 'toward', next: 'docs' });
    expect(authorize(scoped, '/team/docs', 'list')).toEqual({ kind: 'toward', next: '2024' });
    for (const op of OPS.filter((o) => o !== 'list')) {
      for (const ancestor of ['/', '/team', '/team/docs']) {
        expect([op, codeOf(() => authorize(scoped, ancestor, op))]).toEqual([op, 'PATH_FORBIDDEN']);
      }
    }
    const entries = [{ name: 'docs' }, { name: 'docs2' }, { name: 'photos' }];
    expect(visibleEntries({ kind: 'toward', next: 'docs' }, entries)).toEqual([{ name: 'docs' }]);
    expect(visibleEntries({ kind: 'full' }, entries)).toEqual(entries);
  });

  it('refuses a path that is not normalised rather than repairing it', () => {
    for (const path of ['/team/docs/../secret', '/team/docs/', 'team/docs', '/team//docs', '/a\\b', '/a/%2e%2e', '']) {
      expect([path, codeOf(() => authorize(admin, path, 'get'))]).toEqual([path, 'BAD_REQUEST']);
    }
  });

  it('confines a key whose stored base path is not a path to nothing', () => {
    expect(codeOf(() => authorize(key(ALL_PERMISSIONS, '/a/../b'), '/b', 'get'))).toBe('PATH_FORBIDDEN');
  });
});

describe('canSeeMount', () => {
  it('shows a key the mounts at or below its base path and those its base path lies in', () => {
    const scoped = key(Permission.MOUNT_VIEW, '/team/docs');
    expect(canSeeMount(scoped, '/team')).toBe(true);
    expect(canSeeMount(scoped, '/team/docs')).toBe(true);
    expect(canSeeMount(scoped, '/team/docs/2024')).toBe(true);
    expect(canSeeMount(scoped, '/team/docs2')).toBe(false);
    expect(canSeeMount(scoped, '/team/photos')).toBe(false);
    expect(canSeeMount(scoped, '/teamwork')).toBe(false);
    expect(canSeeMount(key(Permission.MOUNT_DELETE), '/anything')).toBe(true);
  });

  it('needs any mount bit; admins see all, anonymous nothing', () => {
    expect(canSeeMount(key(ALL_PERMISSIONS & ~MOUNT_PERMISSIONS), '/a')).toBe(false);
    expect(canSeeMount(admin, '/a')).toBe(true);
    expect(canSeeMount(ANONYMOUS, '/a')).toBe(false);
  });
});
