import { ALL_PERMISSIONS, Permission } from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyActor } from '../lib/auth/actor.js';
import { AppError } from '../lib/errors.js';
import { mountCalls } from '../modules/mounts/mounts.test-support.js';
import { dialects } from '../test/harness.js';
import { harnessPerTest } from '../test/per-test.js';
import type { VfsOp } from './vfs-types.js';

/** The base-path corpus: every one refused with 400 before any resolution, whoever asks. */
const CORPUS: [string, boolean][] = [
  ['/team/../secret', false],
  ['/team/%2e%2e/secret', true],
  ['/team/%2e%2e/secret', false],
  ['/team/%252e%252e/secret', true],
  ['/team/%252e%252e/secret', false],
  ['/team/.%2e/secret', true],
  ['/team\\..\\secret', false],
  ['/team/%5c..%5csecret', true],
  ['/team/a\0b', false],
  ['/team/a%00b', true],
  ['/team/a\u0007b', false],
  ['/team/a%0Ab', true],
  ['/team/\u2024\u2024/secret', false],
  ['/team/\uFF0E\uFF0E/secret', false],
  ['/team/%E2%80%A4%E2%80%A4/secret', true],
  ['/team/' + 'a'.repeat(2050), false],
  ['/team/%zz', true],
  ['team', false],
];

describe.each(dialects)('vfs over the mounts service (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created } = mountCalls(() => h);
  const vfs = () => h.services.vfs;
  const keyActor = async (permissions: number, basicPath = '/'): Promise<ApiKeyActor> => {
    const { key } = await h.createKey(permissions, { basicPath });
    return h.services.apiKeys.resolveKey(key.key, '127.0.0.1');
  };
  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return null;
    } catch (err) {
      return err instanceof AppError ? { code: err.code, path: err.details?.[0]?.path } : String(err);
    }
  };

  beforeEach(async () => {
    const hidden = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: { name: 'admin only', storage_type: 'LOCAL', is_public: 0 },
    });
    await created({ name: 'docs', mount_path: '/team/docs' });
    await created({ name: 'photos', mount_path: '/team/photos' });
    await created({ name: 'deep', mount_path: '/team/docs/archive' });
    await created({ name: 'off', mount_path: '/off', is_active: 0 });
    await created({
      name: 'admin',
      mount_path: '/team/admin',
      storage_config_id: (hidden.body.data as { id: string }).id,
    });
  });

  it('resolves for the admin: virtual folders, mounts, keys inside them, nested mounts', async () => {
    const admin = h.adminActor;
    const root = await vfs().resolve(admin, '/', 'list');
    expect(root).toMatchObject({ kind: 'virtual', path: '/', access: { kind: 'full' } });
    expect(root.children.map((c) => c.name)).toEqual(['team']);
    const team = await vfs().resolve(admin, '//team/', 'list');
    expect(team.children.map((c) => [c.name, c.mount?.path ?? null])).toEqual([
      ['admin', '/team/admin'],
      ['docs', '/team/docs'],
      ['photos', '/team/photos'],
    ]);
    expect(await vfs().resolve(admin, '/team/docs/a/./b.txt', 'get')).toMatchObject({
      kind: 'mount',
      path: '/team/docs/a/b.txt',
      key: 'a/b.txt',
      mount: { path: '/team/docs', storageConfigId: 'local', storageType: 'LOCAL', keyUsable: true },
    });
    expect(await vfs().resolve(admin, '/team/docs/archive/x', 'get')).toMatchObject({
      mount: { path: '/team/docs/archive' },
      key: 'x',
    });
    expect((await vfs().resolve(admin, '/team/docs', 'list')).children.map((c) => c.name)).toEqual(['archive']);
    expect(await vfs().resolve(admin, '/team/docs/%E7%85%A7', 'get', { encoded: true })).toMatchObject({ key: '照' });
  });

  it('answers 404 for a path in no mount, and for an inactive mount', async () => {
    expect(await failure(vfs().resolve(h.adminActor, '/elsewhere', 'list'))).toEqual({ code: 'NOT_FOUND' });
    expect(await failure(vfs().resolve(h.adminActor, '/off/a', 'get'))).toEqual({ code: 'NOT_FOUND' });
  });

  it.each(CORPUS)(
    'refuses %j (encoded: %s) with 400 for the admin and every key, naming the field',
    async (path, encoded) => {
      for (const actor of [h.adminActor, await keyActor(ALL_PERMISSIONS, '/team')]) {
        for (const op of ['list', 'get', 'upload', 'delete'] as VfsOp[]) {
          expect(await failure(vfs().resolve(actor, path, op, { encoded, field: 'oldPath' }))).toEqual({
            code: 'VALIDATION_FAILED',
            path: 'oldPath',
          });
        }
      }
    },
  );

  it('walks a key down to its base path, showing only the entries on the way', async () => {
    const key = await keyActor(Permission.MOUNT_VIEW, '/team/docs/2024');
    const root = await vfs().resolve(key, '/', 'list');
    expect(root.children.map((c) => c.name)).toEqual(['team']);
    expect(root.access).toEqual({ kind: 'toward', next: 'team' });
    expect((await vfs().resolve(key, '/team', 'list')).children.map((c) => c.name)).toEqual(['docs']);
    const docs = await vfs().resolve(key, '/team/docs', 'list');
    expect(docs).toMatchObject({ kind: 'mount', key: '', access: { kind: 'toward', next: '2024' } });
    // The deeper mount /team/docs/archive is not on the way to /team/docs/2024.
    expect(docs.children).toEqual([]);
    expect(await vfs().resolve(key, '/team/docs/2024/a.txt', 'download')).toMatchObject({ key: '2024/a.txt' });
    for (const [path, op] of [
      ['/team/docs', 'get'],
      ['/team/docs/archive', 'list'],
      ['/team/docs/2023/a.txt', 'download'],
      ['/team/photos', 'list'],
      ['/elsewhere', 'list'],
    ] as const) {
      expect([path, op, await failure(vfs().resolve(key, path, op))]).toEqual([path, op, { code: 'PATH_FORBIDDEN' }]);
    }
  });

  it('never shows a key a mount on a config not usable by keys; needs the bit of the operation', async () => {
    const key = await keyActor(Permission.MOUNT_VIEW, '/team');
    const team = await vfs().resolve(key, '/team', 'list');
    expect(team.children.map((c) => c.name)).toEqual(['docs', 'photos']);
    expect(await failure(vfs().resolve(key, '/team/admin/a', 'get'))).toEqual({ code: 'NOT_FOUND' });
    expect(await failure(vfs().resolve(key, '/team/docs/a', 'upload'))).toEqual({ code: 'PERMISSION_DENIED' });
    expect(await failure(vfs().resolve(h.adminActor, '/team/admin/a', 'get'))).toBeNull();
  });
});
