import type { StorageConfigDto, StorageConfigSummaryDto, StorageType } from '@driftbox/contract';
import type { StorageConfigRow } from './storage-configs.repository.js';

/** What an API key with FILE_SHARE sees: enough to pick a storage and check its capacity. */
export function presentStorageConfigSummary(row: StorageConfigRow, usedBytes: number): StorageConfigSummaryDto {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storage_type as StorageType,
    provider_type: row.provider_type,
    is_default: row.is_default,
    is_public: row.is_public,
    total_storage_bytes: row.total_storage_bytes,
    used_bytes: usedBytes,
  };
}

/**
 * What the admin sees. The credentials never leave the server (notes §7 #2): the secret only as
 * `has_credentials`, the access key id as its last four characters. `accessKeyId` is the decrypted id
 * (null when there is none), passed in so the presenter never handles ciphertext or keys.
 */
export function presentStorageConfig(
  row: StorageConfigRow,
  usedBytes: number,
  accessKeyId: string | null,
): StorageConfigDto {
  return {
    ...presentStorageConfigSummary(row, usedBytes),
    endpoint_url: row.endpoint_url,
    bucket_name: row.bucket_name,
    region: row.region,
    path_style: row.path_style,
    default_folder: row.default_folder,
    custom_host: row.custom_host,
    signature_expires_in: row.signature_expires_in,
    has_credentials: row.access_key_id_enc !== null && row.secret_access_key_enc !== null,
    // Short ids would be mostly revealed by their last four: show less of them.
    access_key_id_masked:
      accessKeyId === null ? null : `••••${accessKeyId.slice(-Math.min(4, Math.floor(accessKeyId.length / 3)))}`,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_used: row.last_used,
  };
}
