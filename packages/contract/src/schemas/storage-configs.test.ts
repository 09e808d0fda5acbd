import { describe, expect, it } from 'vitest';
import { DefaultFolder, HttpBaseUrl, StorageConfigCreateBody, StorageConfigUpdateBody } from './storage-configs.js';

describe('storage config schemas', () => {
  it('read a body without storage_type as S3 with defaults, as the original clients send it', () => {
    const body = StorageConfigCreateBody.parse({
      name: 'b2',
      provider_type: 'Backblaze B2',
      endpoint_url: 'https://s3.eu-central-003.backblazeb2.com/',
      bucket_name: 'files',
      access_key_id: 'k',
      secret_access_key: 's',
    });
    expect(body).toEqual({
      name: 'b2',
      storage_type: 'S3',
      provider_type: 'Backblaze B2',
      endpoint_url: 'https://s3.eu-central-003.backblazeb2.com',
      bucket_name: 'files',
      region: '',
      access_key_id: 'k',
      secret_access_key: 's',
      path_style: 0,
      default_folder: '',
      custom_host: null,
      signature_expires_in: 3600,
      is_public: 0,
    });
  });

  it('take flags as booleans, 0/1, or those written as strings, as the original clients send them', () => {
    const base = {
      name: 'b',
      provider_type: 'AWS S3',
      endpoint_url: 'https://s3.example',
      bucket_name: 'files',
      access_key_id: 'k',
      secret_access_key: 's',
    };
    for (const [given, read] of [
      [true, 1],
      [1, 1],
      ['1', 1],
      ['true', 1],
      [false, 0],
      [0, 0],
      ['0', 0],
      ['false', 0],
    ] as const) {
      expect(StorageConfigCreateBody.parse({ ...base, is_public: given, path_style: given })).toMatchObject({
        is_public: read,
        path_style: read,
      });
    }
    expect(StorageConfigCreateBody.safeParse({ ...base, is_public: 'yes' }).success).toBe(false);
    expect(StorageConfigCreateBody.safeParse({ ...base, is_public: 2 }).success).toBe(false);
  });

  it('take capacity and signature lifetime as numbers or numeric strings', () => {
    const base = {
      name: 'b',
      provider_type: 'AWS S3',
      endpoint_url: 'https://s3.amazonaws.com',
      bucket_name: 'files',
      access_key_id: 'k',
      secret_access_key: 's',
    };
    expect(
      StorageConfigCreateBody.parse({ ...base, total_storage_bytes: '1234', signature_expires_in: '600' }),
    ).toMatchObject({
      total_storage_bytes: 1234,
      signature_expires_in: 600,
    });
    expect(StorageConfigCreateBody.safeParse({ ...base, total_storage_bytes: 'lots' }).success).toBe(false);
  });

  it('accept only http(s) base URLs without credentials, query or fragment', () => {
    for (const ok of ['http://127.0.0.1:9000', 'https://abc.r2.cloudflarestorage.com/', 'https://[::1]:9000/base'])
      expect(HttpBaseUrl.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['ftp://x', 'https://u:p@x', 'https://x/?a=1', 'https://x/#f', 'x.com', 'https://'])
      expect(HttpBaseUrl.safeParse(bad).success, bad).toBe(false);
  });

  it('normalise the default folder and refuse escapes', () => {
    expect(DefaultFolder.parse('/a//b/')).toBe('a/b');
    expect(DefaultFolder.parse('')).toBe('');
    expect(DefaultFolder.safeParse('a/../b').success).toBe(false);
  });

  it('treat empty credentials on update as unchanged, and an empty update as invalid', () => {
    expect(StorageConfigUpdateBody.parse({ name: 'n', secret_access_key: '' })).toMatchObject({
      name: 'n',
      secret_access_key: undefined,
    });
    expect(StorageConfigUpdateBody.safeParse({}).success).toBe(false);
    expect(StorageConfigUpdateBody.safeParse({ secret_access_key: '' }).success).toBe(false);
  });
});
