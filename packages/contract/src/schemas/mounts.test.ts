import { describe, expect, it } from 'vitest';
import { isReservedMountPath, MountCreateBody, MountPath, MountUpdateBody } from './mounts.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('mount schemas (spec §5)', () => {
  it.each(['/a', '/photos', '/photos/2024', '/my_files-2', '/照片', '/团队/文档', '/API2', '/apis', '/x/api'])(
    'accepts the mount path %s',
    (path) => {
      expect(MountPath.safeParse(path).success).toBe(true);
    },
  );

  it.each([
    '',
    '/',
    'photos',
    '/photos/',
    '//photos',
    '/a//b',
    '/a b',
    '/a.b',
    '/a/../b',
    '/a\\b',
    '/%2e%2e',
    '/ｆｕｌｌ',
    '/api',
    '/API',
    '/api/x',
    '/dav',
    '/webdav/a',
    '/admin',
    '/assets',
    '/mount-explorer',
    '/' + 'a'.repeat(1024),
  ])('refuses the mount path %j', (path) => {
    expect(MountPath.safeParse(path).success).toBe(false);
  });

  it('reserves by the first segment only, in any letter case', () => {
    expect(isReservedMountPath('/Admin/x')).toBe(true);
    expect(isReservedMountPath('/team/admin')).toBe(false);
  });

  it('fills the defaults of a new mount and checks every field', () => {
    expect(MountCreateBody.parse({ name: ' Photos ', mount_path: '/photos', storage_config_id: 'local' })).toEqual({
      name: 'Photos',
      mount_path: '/photos',
      storage_config_id: 'local',
      remark: null,
      is_active: 1,
      sort_order: 0,
      cache_ttl: 300,
      web_proxy: 0,
      webdav_policy: '302_redirect',
      enable_sign: 0,
      sign_expires: null,
    });
    const bad = MountCreateBody.safeParse({
      name: 'x'.repeat(51),
      mount_path: '/ok',
      storage_config_id: '',
      cache_ttl: 86_401,
      sort_order: 1.5,
      webdav_policy: 'redirect',
      sign_expires: -1,
      is_active: 'maybe',
      storage_type: 'FTP',
    });
    expect(issues(bad).sort()).toEqual(
      [
        'name',
        'storage_config_id',
        'cache_ttl',
        'sort_order',
        'webdav_policy',
        'sign_expires',
        'is_active',
        'storage_type',
      ].sort(),
    );
    expect(issues(MountCreateBody.safeParse({ mount_path: '/ok', storage_config_id: 'local' }))).toEqual(['name']);
  });

  it('takes numbers and flags as the original clients send them', () => {
    expect(
      MountCreateBody.parse({
        name: 'a',
        mount_path: '/a',
        storage_config_id: 'local',
        cache_ttl: '0',
        sort_order: '-3',
        web_proxy: true,
        enable_sign: '1',
        sign_expires: '0',
      }),
    ).toMatchObject({ cache_ttl: 0, sort_order: -3, web_proxy: 1, enable_sign: 1, sign_expires: 0 });
  });

  it('updates any subset, but not nothing', () => {
    expect(MountUpdateBody.parse({ is_active: false })).toEqual({ is_active: 0 });
    expect(MountUpdateBody.parse({ remark: '', sign_expires: null })).toEqual({ remark: null, sign_expires: null });
    expect(MountUpdateBody.safeParse({}).success).toBe(false);
    expect(MountUpdateBody.safeParse({ mount_path: '/dav' }).success).toBe(false);
  });
});
