/** Business constants and limits (spec §9), shared by server and web. */
export const APP_NAME = 'Driftbox';
export const APP_VERSION = '0.1.0';
export const GITHUB_URL = 'https://github.com/driftbox/driftbox';

export const DEFAULT_SITE_TITLE = 'Driftbox';
export const DEFAULT_BASIC_PATH = '/';
export const DEFAULT_ROLE = 'GENERAL';

export const REQUEST_TIMEOUT_MS = 30_000;
export const CHUNK_UPLOAD_TIMEOUT_MS = 300_000;
export const RAW_UPLOAD_TIMEOUT_MS = 300_000;

export const PART_SIZE = 5 * 1024 * 1024;
/** Parts one multipart upload may have (S3's limit, kept by local storage too). */
export const MAX_PARTS = 10_000;
export const PART_CONCURRENCY = 3;
export const PART_RETRIES = 3;
export const PART_RETRY_DELAY_MS = 1000;

export const SLUG_MAX = 50;
export const MOUNT_NAME_MAX = 50;
export const CACHE_TTL_MAX = 86_400;
export const CONTENT_LIMIT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_MB = 100;

export const PAGE_SIZE = { files: 50, pastes: 10, search: 50 } as const;
export const RECENT_UPLOADS = 3;
export const SEARCH_MIN_CHARS = 2;

export const AUTH_REVALIDATE_MS = 5 * 60 * 1000;
export const SITE_CONFIG_CACHE_MS = 24 * 60 * 60 * 1000;
export const ADMIN_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Key expiry presets in days; `null` = never. Custom days are also accepted. */
export const KEY_EXPIRY_PRESETS = [1, 7, 30, null] as const;
export const KEY_CUSTOM_DAYS_MAX = 36_500;

/** Share expiry options offered by the UI. */
export const SHARE_EXPIRY_OPTIONS = ['hour', 'day', 'week', 'month', 'never'] as const;

/** Local-storage keys the web app uses (spec §3). */
export const STORAGE_KEYS = {
  adminToken: 'admin_token',
  apiKey: 'api_key',
  apiKeyPermissions: 'api_key_permissions',
  apiKeyInfo: 'api_key_info',
  authValidatedAt: 'auth_validated_at',
  siteConfig: 'site_config_cache',
  themeMode: 'themeMode',
  language: 'language',
  pwaInstallDismissed: 'pwa-install-dismissed',
} as const;

/** Browser events fired by the auth store (spec §4). */
export const AUTH_EVENTS = {
  stateChanged: 'auth-state-changed',
  adminTokenExpired: 'admin-token-expired',
  apiKeyInvalid: 'api-key-invalid',
} as const;

// Plain values some of the schema modules use, kept here, free of zod: the web app's first page imports them without
// the schemas (a module's top-level zod calls stay in a bundle even when unused; issue 30).
/** Upper bound of a view limit; keeps the value inside a 32-bit integer column. */
export const SHARE_MAX_VIEWS_MAX = 1_000_000_000;
/** Header (or `?token=`) carrying a paste access token. */
export const PASTE_TOKEN_HEADER = 'X-Paste-Token';
/** Statuses a client treats as success in the body's `code` (spec §7). */
export const SUCCESS_CODES = [200, 201, 202] as const;
/** Settings groups, numbered as the original numbers them (settings-definition.ts: the rest of a setting). */
export const SETTING_GROUPS = { GLOBAL: 1, PREVIEW: 2, WEBDAV: 3, SITE: 4 } as const;
export type SettingGroupId = (typeof SETTING_GROUPS)[keyof typeof SETTING_GROUPS];
