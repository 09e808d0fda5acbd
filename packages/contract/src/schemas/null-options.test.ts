import { describe, expect, it } from 'vitest';
import { ApiKeyCreateBody, ApiKeyUpdateBody } from './api-keys.js';
import { FileUpdateBody } from './files.js';
import { StorageConfigCreateBody, StorageConfigUpdateBody } from './storage-configs.js';
import { UrlPresignBody } from './url-upload.js';

// The original's client sends null for options left unset; each is read as "not given" (issue 25).
describe('null in optional fields', () => {
  it('API keys: custom_key null generates, other nulls take the defaults; null expiry stays "never"', () => {
    expect(
      ApiKeyCreateBody.parse({
        name: 'k',
        custom_key: null,
        permissions: null,
        role: null,
        basic_path: null,
        is_guest: null,
        is_enable: null,
        expires_at: null,
      }),
    ).toEqual({
      name: 'k',
      custom_key: undefined,
      permissions: 0,
      role: 'GENERAL',
      basic_path: '/',
      is_guest: 0,
      is_enable: 1,
      expires_at: null,
    });
    expect(ApiKeyUpdateBody.parse({ name: null, role: null, permissions: 3 })).toEqual({
      name: undefined,
      role: undefined,
      permissions: 3,
      basic_path: undefined,
      is_guest: undefined,
    });
    expect(ApiKeyUpdateBody.safeParse({ name: null }).success).toBe(false);
  });

  it('file edit: null slug keeps it, null use_proxy and clear_password are not given', () => {
    expect(FileUpdateBody.parse({ slug: null, use_proxy: null, clear_password: null, remark: null })).toMatchObject({
      slug: undefined,
      use_proxy: undefined,
      clear_password: undefined,
      remark: null,
    });
  });

  it('storage configs: null options take the defaults on create and keep the stored values on update', () => {
    const created = StorageConfigCreateBody.parse({
      name: 'r2',
      provider_type: 'Cloudflare R2',
      endpoint_url: 'https://a.r2.cloudflarestorage.com',
      bucket_name: 'bucket',
      access_key_id: 'id',
      secret_access_key: 'secret',
      region: null,
      path_style: null,
      default_folder: null,
      is_public: null,
      total_storage_bytes: null,
      custom_host: null,
      signature_expires_in: null,
    });
    expect(created).toMatchObject({
      region: '',
      path_style: 0,
      default_folder: '',
      is_public: 0,
      signature_expires_in: 3600,
    });
    expect(
      StorageConfigUpdateBody.parse({ name: 'r2', region: null, access_key_id: null, secret_access_key: null }),
    ).toMatchObject({ name: 'r2', region: undefined, access_key_id: undefined, secret_access_key: undefined });
  });

  it('URL upload: a source whose size or type is unknown (null) is not read as 0 bytes', () => {
    const body = UrlPresignBody.parse({
      url: 'https://example.com/a.bin',
      metadata: { filename: 'a.bin', contentType: null, size: null },
    });
    expect(body.metadata).toEqual({ filename: 'a.bin', contentType: undefined, size: undefined });
    expect(UrlPresignBody.parse({ url: 'https://example.com/a.bin', metadata: null }).metadata).toBeUndefined();
  });
});
