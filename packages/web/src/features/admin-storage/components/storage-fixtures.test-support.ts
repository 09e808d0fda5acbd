import type { StorageConfigDto } from '@driftbox/contract';

// Storage configs as the API lists them, for the storage page's tests.

export const GiB = 1024 ** 3;

export const config = (overrides: Partial<StorageConfigDto> = {}): StorageConfigDto => ({
  id: 'local',
  name: 'Local storage',
  storage_type: 'LOCAL',
  provider_type: 'Local',
  is_default: 1,
  is_public: 0,
  total_storage_bytes: null,
  used_bytes: 0,
  endpoint_url: '',
  bucket_name: '',
  region: '',
  path_style: 0,
  default_folder: '',
  custom_host: null,
  signature_expires_in: 3600,
  has_credentials: false,
  access_key_id_masked: null,
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_used: null,
  ...overrides,
});

export const r2 = config({
  id: 'r2',
  name: 'Media bucket',
  storage_type: 'S3',
  provider_type: 'Cloudflare R2',
  is_default: 0,
  is_public: 1,
  total_storage_bytes: 10 * GiB,
  used_bytes: 2.5 * GiB,
  endpoint_url: 'https://acc.r2.cloudflarestorage.com',
  bucket_name: 'media',
  region: 'auto',
  has_credentials: true,
  access_key_id_masked: '••••WXYZ',
  signature_expires_in: 7200,
});
