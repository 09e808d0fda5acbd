import type { ColumnType } from 'kysely';
import type { WebdavLocksTable, WebdavPropertiesTable } from './schema-webdav.js';
import type { PeriodicRunsTable } from './schema-jobs.js';
export type { WebdavLocksTable, WebdavPropertiesTable } from './schema-webdav.js';

/**
 * Row types of every table, as Kysely sees them. Timestamps are TEXT in ISO 8601 UTC with
 * milliseconds in both dialects, so they compare correctly as strings.
 */
export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionsTable {
  /** SHA-256 hex of the bearer token; the token itself is never stored. */
  token_hash: string;
  admin_id: string;
  expires_at: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  /** SHA-256 hex of the key, for lookup. */
  key_hash: string;
  /** AES-256-GCM of the key, so the admin can copy it again. */
  key_encrypted: string;
  key_prefix: string;
  permissions: number;
  role: string;
  basic_path: string;
  is_guest: number;
  /** 0 = disabled: the key is refused (401) until the admin enables it again. */
  is_enable: number;
  /** null = never expires. */
  expires_at: string | null;
  last_used: string | null;
  created_at: string;
  updated_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Text shares (migration 002). */
export interface PastesTable {
  id: string;
  slug: string;
  content: string;
  remark: string | null;
  /** scrypt hash; null = no password. The password itself is never stored. */
  password_hash: string | null;
  /** Bumped on every password change; access tokens carry it. */
  password_version: number;
  /** null = never expires. */
  expires_at: string | null;
  /** 0 or null = unlimited. */
  max_views: number | null;
  views: number;
  /** 0 = private: readable only by its creator and the admin (the original's v1.x visibility). */
  is_public: number;
  /** The original's v1.x title; null = none. */
  title: string | null;
  /** Admin id, or `apikey:<key id>`. */
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface StorageConfigsTable {
  id: string;
  name: string;
  /** LOCAL or S3. */
  storage_type: string;
  provider_type: string;
  endpoint_url: string;
  bucket_name: string;
  region: string;
  /** AES-256-GCM ciphertexts (secret-box); null for LOCAL. Never leave the server. */
  access_key_id_enc: string | null;
  secret_access_key_enc: string | null;
  path_style: number;
  default_folder: string;
  custom_host: string | null;
  signature_expires_in: number;
  /** int8: PostgreSQL returns it as a string. null = no limit. */
  total_storage_bytes: ColumnType<number | string | null, number | null, number | null>;
  is_public: number;
  is_default: number;
  /** Admin id, or null for the seeded config. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
  last_used: string | null;
}

/** File shares (migration 004). Reads only ever see `status = 'active'` rows. */
export interface FilesTable {
  id: string;
  slug: string;
  filename: string;
  storage_config_id: string;
  /** Object key inside the config's store. */
  storage_path: string;
  /** Virtual path when the share was created from the mount explorer; null for uploads. */
  file_path: string | null;
  mimetype: string;
  /** int8: PostgreSQL returns it as a string. */
  size: ColumnType<number | string, number, number>;
  etag: string | null;
  remark: string | null;
  /** scrypt hash; null = no password. */
  password_hash: string | null;
  /** Bumped on every password change; access tokens carry it. */
  password_version: number;
  expires_at: string | null;
  /** 0 or null = unlimited. */
  max_views: number | null;
  views: number;
  /** When the last view was counted (the sweep keeps used-up shares until their tokens expire). */
  last_viewed_at: string | null;
  use_proxy: number;
  /** `pending` until the stored object has been checked, then `active`. */
  status: 'pending' | 'active';
  /** Multipart upload id while a resumable upload is pending. */
  upload_id: string | null;
  /** The planned part size of a resumable upload (migration 005); null for other uploads. */
  part_size: ColumnType<number | string | null, number | null, number | null>;
  /** Where a presigned single-PUT upload writes until its commit moves the object to `storage_path` (migration 006); null for other uploads. */
  staging_path: ColumnType<string | null, string | null | undefined, string | null>;
  /** Admin id, or `apikey:<key id>`. */
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Progress of server-side URL fetches (migration 004); keyed by the share being filled. */
export interface UploadJobsTable {
  file_id: string;
  source_url: string;
  /** The share's slug when the job started (for its link once completed). */
  slug: string;
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  progress: number;
  bytes_total: ColumnType<number | string | null, number | null, number | null>;
  bytes_fetched: ColumnType<number | string, number, number>;
  bytes_stored: ColumnType<number | string, number, number>;
  error: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Objects to delete again once the upload URLs issued for them have expired (migration 005). */
export interface ObjectPurgesTable {
  storage_config_id: string;
  storage_path: string;
  purge_after: string;
}

/** Mount points (migration 007); the original's columns (notes §2.7). */
export interface StorageMountsTable {
  id: string;
  name: string;
  /** The storage config's type (LOCAL or S3), kept for the original's clients. */
  storage_type: string;
  storage_config_id: string;
  /** Unique; `/xxx`, no trailing slash (contract `MountPath`). */
  mount_path: string;
  remark: string | null;
  is_active: number;
  /** Admin id, or `system`. */
  created_by: string;
  sort_order: number;
  /** Seconds listings are cached; 0 = not cached. */
  cache_ttl: number;
  web_proxy: number;
  /** `302_redirect` or `native_proxy`. */
  webdav_policy: string;
  enable_sign: number;
  /** Proxy-link lifetime in seconds; null = the global setting, 0 = never expires. */
  sign_expires: number | null;
  created_at: string;
  updated_at: string;
  last_used: string | null;
}

export type TaskStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'partial';

/** Server-side tasks: copies, folder deletes, ZIP builds (migration 008). JSON columns are TEXT. */
export interface FsTasksTable {
  id: string;
  type: string;
  status: TaskStatus;
  payload: string;
  /** The handler's resume state, kept across claims; null until it saves one. */
  checkpoint: string | null;
  progress_current: ColumnType<number | string, number | undefined, number>;
  progress_total: ColumnType<number | string, number | undefined, number>;
  current_file: string | null;
  success_count: ColumnType<number, number | undefined, number>;
  failure_count: ColumnType<number, number | undefined, number>;
  /** JSON array of `{ item, reason }`. */
  failed_items: ColumnType<string, string | undefined, string>;
  /** Why the task failed as a whole: plain text, or JSON `{en, zh}`. */
  error: string | null;
  /** The admin's id, or `apikey:{id}`. */
  created_by: string;
  worker_id: string | null;
  lease_expires_at: string | null;
  cancel_requested: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** The listing version of a mount (migration 009): a write adds one; listing caches key by it. */
export interface FsListingVersionsTable {
  mount_id: string;
  version: ColumnType<number | string, number | undefined, number>;
}

/** The search index of mounts (migration 010): one row per object or folder, `path` inside the mount. */
export interface FsSearchIndexTable {
  mount_id: string;
  path: string;
  parent_path: string;
  name: string;
  name_lower: string;
  is_dir: number;
  size: ColumnType<number | string, number, number>;
  modified: string | null;
  etag: string | null;
  indexed_at: string;
}

/** Each mount's index state (migration 010). */
export interface FsSearchMountsTable {
  mount_id: string;
  refreshed_at: string | null;
  stale_at: string | null;
  queued_at: string | null;
}

/** Browser uploads into mounts, pending or committed until their URLs expire (migration 011). */
export interface FsUploadsTable {
  id: string;
  owner: string;
  mount_id: string;
  storage_config_id: string;
  path: string;
  object_key: string;
  staging_key: string | null;
  upload_id: string | null;
  size: ColumnType<number | string, number, number>;
  part_size: ColumnType<number | string | null, number | null, number | null>;
  content_type: string;
  status: 'pending' | 'committed';
  created_at: string;
  touched_at: string;
  expires_at: string;
}

export interface Database {
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  api_keys: ApiKeysTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
  pastes: PastesTable;
  storage_configs: StorageConfigsTable;
  files: FilesTable;
  object_purges: ObjectPurgesTable;
  upload_jobs: UploadJobsTable;
  storage_mounts: StorageMountsTable;
  fs_tasks: FsTasksTable;
  fs_listing_versions: FsListingVersionsTable;
  fs_search_index: FsSearchIndexTable;
  fs_search_mounts: FsSearchMountsTable;
  fs_uploads: FsUploadsTable;
  webdav_properties: WebdavPropertiesTable;
  webdav_locks: WebdavLocksTable;
  periodic_runs: PeriodicRunsTable;
}
