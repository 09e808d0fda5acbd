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

export interface Database {
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  api_keys: ApiKeysTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
}
