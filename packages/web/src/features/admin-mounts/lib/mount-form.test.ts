import { describe, expect, it } from 'vitest';
import { buildCreateBody, buildUpdateBody, emptyMountForm, mountFormFromDto } from './mount-form';

const valid = { ...emptyMountForm('local'), name: 'Team', mountPath: '/local/team' };

describe('mount form', () => {
  it('builds the create body with numbers and flags as the server reads them', () => {
    const result = buildCreateBody({ ...valid, sortOrder: '3', cacheTtl: '60', webProxy: true, signExpires: '' });
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        name: 'Team',
        mount_path: '/local/team',
        storage_config_id: 'local',
        sort_order: 3,
        cache_ttl: 60,
        web_proxy: 1,
        is_active: 1,
        sign_expires: null,
        remark: null,
      }),
    });
  });

  it('puts each rule of spec §5 on its own field', () => {
    const result = buildCreateBody({
      ...valid,
      name: '',
      mountPath: '/api/x',
      storageConfigId: '',
      cacheTtl: '90000',
      sortOrder: '1.5',
      signExpires: '-1',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'nameInvalid',
        mount_path: 'pathInvalid',
        storage_config_id: 'configRequired',
        cache_ttl: 'cacheTtlInvalid',
        sort_order: 'sortOrderInvalid',
        sign_expires: 'signExpiresInvalid',
      },
    });
  });

  it('refuses a trailing slash and a name over 50 characters', () => {
    expect(buildCreateBody({ ...valid, mountPath: '/a/' })).toMatchObject({ errors: { mount_path: 'pathInvalid' } });
    expect(buildCreateBody({ ...valid, name: 'x'.repeat(51) })).toMatchObject({ errors: { name: 'nameInvalid' } });
  });

  it('round-trips a mount into the form and back into an update', () => {
    const values = mountFormFromDto({
      id: 'm1',
      name: 'S3',
      storage_type: 'S3',
      storage_config_id: 'c1',
      mount_path: '/s3',
      remark: null,
      is_active: 0,
      created_by: 'system',
      sort_order: 2,
      cache_ttl: 0,
      web_proxy: 1,
      webdav_policy: 'native_proxy',
      enable_sign: 1,
      sign_expires: 0,
      created_at: '',
      updated_at: '',
      last_used: null,
    });
    expect(buildUpdateBody(values)).toMatchObject({
      ok: true,
      body: { is_active: 0, cache_ttl: 0, sign_expires: 0, webdav_policy: 'native_proxy', enable_sign: 1 },
    });
  });
});
