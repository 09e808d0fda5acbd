import {
  API_KEY_NAME_MAX,
  API_KEY_ROLES,
  BasicPath,
  CACHE_TTL_MAX,
  CONTENT_LIMIT_BYTES,
  isSettingKey,
  isValidPermissionMask,
  MOUNT_NAME_MAX,
  MOUNT_REMARK_MAX,
  MOUNT_SIGN_EXPIRES_MAX,
  MountPath,
  PASTE_TITLE_MAX,
  SETTING_VALUE_MAX,
  SIGNATURE_EXPIRES_MAX,
  SLUG_MAX,
  SLUG_PATTERN,
  STORAGE_CONFIG_NAME_MAX,
  STORAGE_TYPES,
  WEBDAV_POLICIES,
} from '@driftbox/contract';
import { z } from 'zod';
import { LEGACY_SHA256_PREFIX } from '../../lib/crypto/password.js';

/**
 * Row schemas of the tables a backup carries: the only columns a restore ever writes (unknown keys are
 * dropped, so no column name comes from the file). They check types and bounds, not business rules:
 * every row Driftbox itself can store must pass (a setting saved with `validate=false`, an expired
 * paste), and nothing else may reach the database.
 */

/** Any ISO 8601 instant, stored the one way Driftbox stores time (UTC with milliseconds). */
export const Stamp = z
  .string()
  .datetime({ offset: true })
  .transform((v) => new Date(v).toISOString());

const Id = z.string().min(1).max(128);
const Flag = z.union([z.literal(0), z.literal(1)]);
const Count = z.number().int().min(0).max(2_147_483_647);
const Text = (max: number) => z.string().max(max);

/** A stored password: scrypt, or an original-product SHA-256 awaiting its first successful check. */
const PasswordHash = z
  .string()
  .max(512)
  .refine(
    (v) => v.startsWith('scrypt$') || v.startsWith(LEGACY_SHA256_PREFIX),
    'Not a password hash Driftbox understands',
  );

/** An AES-256-GCM value made by the secret box (`v1.<base64url>`). */
const Sealed = z
  .string()
  .regex(/^v1\.[A-Za-z0-9_-]+$/, 'Not an encrypted value')
  .max(8192);

export const PasteRowSchema = z.object({
  id: Id,
  slug: z.string().min(1).max(SLUG_MAX).regex(SLUG_PATTERN),
  // Characters, not bytes: a cheap upper bound; the 10 MB rule itself applies when pastes are written.
  content: Text(CONTENT_LIMIT_BYTES),
  remark: Text(10_000).nullable(),
  password_hash: PasswordHash.nullable(),
  password_version: Count,
  expires_at: Stamp.nullable(),
  max_views: Count.nullable(),
  views: Count,
  // Added in migration 010: backups written before it have no such fields (public, untitled).
  is_public: Flag.default(1),
  title: Text(PASTE_TITLE_MAX).nullable().default(null),
  created_by: Text(200),
  created_at: Stamp,
  updated_at: Stamp,
});
export type PasteBackupRow = z.output<typeof PasteRowSchema>;

export const ApiKeyRowSchema = z.object({
  id: Id,
  name: z.string().min(1).max(API_KEY_NAME_MAX),
  key_hash: z.string().regex(/^[0-9a-f]{64}$/),
  key_encrypted: Sealed,
  key_prefix: Text(16),
  permissions: z.number().int().refine(isValidPermissionMask, 'Unknown permission bits'),
  role: z.enum(API_KEY_ROLES as [string, ...string[]]),
  basic_path: BasicPath,
  is_guest: Flag,
  is_enable: Flag,
  expires_at: Stamp.nullable(),
  last_used: Stamp.nullable(),
  created_at: Stamp,
  updated_at: Stamp,
});
export type ApiKeyBackupRow = z.output<typeof ApiKeyRowSchema>;

export const StorageConfigRowSchema = z.object({
  id: Id,
  name: z.string().min(1).max(STORAGE_CONFIG_NAME_MAX),
  storage_type: z.enum(STORAGE_TYPES),
  provider_type: Text(64),
  endpoint_url: Text(2048),
  bucket_name: Text(63),
  region: Text(64),
  access_key_id_enc: Sealed.nullable(),
  secret_access_key_enc: Sealed.nullable(),
  path_style: Flag,
  default_folder: Text(512),
  custom_host: Text(2048).nullable(),
  signature_expires_in: z.number().int().min(1).max(SIGNATURE_EXPIRES_MAX),
  // PostgreSQL hands int8 out as a string; the file always carries a number.
  total_storage_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  is_public: Flag,
  is_default: Flag,
  created_by: Text(200).nullable(),
  created_at: Stamp,
  updated_at: Stamp,
  last_used: Stamp.nullable(),
});
export type StorageConfigBackupRow = z.output<typeof StorageConfigRowSchema>;

/** Only catalogued keys: the value is not re-validated (the service falls back to the default when invalid). */
export const SettingRowSchema = z.object({
  key: z.string().refine(isSettingKey, 'Not a Driftbox setting'),
  value: Text(SETTING_VALUE_MAX),
  updated_at: Stamp,
});
export type SettingBackupRow = z.output<typeof SettingRowSchema>;

/** File share records (migration 004); the stored objects themselves are not part of a backup. */
export const FileRowSchema = z.object({
  id: Id,
  slug: z.string().min(1).max(SLUG_MAX).regex(SLUG_PATTERN),
  filename: z.string().min(1).max(1024),
  storage_config_id: Id,
  storage_path: z.string().min(1).max(4096),
  file_path: Text(4096).nullable(),
  mimetype: z.string().min(1).max(255),
  // int8: PostgreSQL hands it out as a string; the file always carries a number.
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  etag: Text(512).nullable(),
  remark: Text(10_000).nullable(),
  password_hash: PasswordHash.nullable(),
  password_version: Count,
  expires_at: Stamp.nullable(),
  max_views: Count.nullable(),
  views: Count,
  last_viewed_at: Stamp.nullable(),
  use_proxy: Flag,
  status: z.enum(['pending', 'active']),
  upload_id: Text(1024).nullable(),
  // Added in migration 005: backups written before it have no such field.
  part_size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().default(null),
  // Added in migration 006: backups written before it have no such field.
  staging_path: Text(1024).nullable().default(null),
  created_by: Text(200),
  created_at: Stamp,
  updated_at: Stamp,
});
export type FileBackupRow = z.output<typeof FileRowSchema>;

/** Mount points (migration 007); the objects in their stores are not part of a backup. */
export const MountRowSchema = z.object({
  id: Id,
  name: z.string().min(1).max(MOUNT_NAME_MAX),
  storage_type: z.enum(STORAGE_TYPES),
  storage_config_id: Id,
  mount_path: MountPath,
  remark: Text(MOUNT_REMARK_MAX).nullable(),
  is_active: Flag,
  created_by: Text(200),
  sort_order: z.number().int().min(-2_147_483_647).max(2_147_483_647),
  cache_ttl: z.number().int().min(0).max(CACHE_TTL_MAX),
  web_proxy: Flag,
  webdav_policy: z.enum(WEBDAV_POLICIES),
  enable_sign: Flag,
  sign_expires: z.number().int().min(0).max(MOUNT_SIGN_EXPIRES_MAX).nullable(),
  created_at: Stamp,
  updated_at: Stamp,
  last_used: Stamp.nullable(),
});
export type MountBackupRow = z.output<typeof MountRowSchema>;
