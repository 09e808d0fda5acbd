import { z } from 'zod';
import type { LocalText } from '../settings-definition.js';

/**
 * Backup and restore (spec §3 "Backup mode", §5, §8). A backup is one JSON file
 * `{ metadata, data: { <table>: [rows] } }`; it holds secrets and says so in its metadata.
 */

/** `metadata.format` of a Driftbox backup (the original's files have none). */
export const BACKUP_FORMAT = 'driftbox-backup';
/** `metadata.version` of the files this version writes and reads. */
export const BACKUP_FORMAT_VERSION = 1;
/** Largest backup upload the server reads (restore and preview). */
export const BACKUP_UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

/** Backup modules, each a group of tables (the server lists those that exist). */
export const BACKUP_MODULES = [
  'text_management',
  'file_management',
  'storage',
  'mount_management',
  'key_management',
  'system_settings',
] as const;
export const BackupModule = z.enum(BACKUP_MODULES);
export type BackupModule = z.infer<typeof BackupModule>;

/** Display name and description of each module in both languages. */
export const BACKUP_MODULE_TEXT: Record<BackupModule, { name: LocalText; description: LocalText }> = {
  text_management: {
    name: { en: 'Text shares', zh: '文本管理' },
    description: { en: 'Pastes with their password hashes', zh: '文本分享及其密码哈希' },
  },
  file_management: {
    name: { en: 'File shares', zh: '文件管理' },
    description: { en: 'File share records (not the stored objects)', zh: '文件分享记录（不含存储中的文件本身）' },
  },
  storage: {
    name: { en: 'Storage configs', zh: '存储配置' },
    description: { en: 'Storage configs with encrypted credentials', zh: '存储配置及加密的访问凭据' },
  },
  mount_management: {
    name: { en: 'Mounts', zh: '挂载管理' },
    description: { en: 'Mount points (not the stored objects)', zh: '挂载点（不含存储中的文件本身）' },
  },
  key_management: {
    name: { en: 'API keys', zh: '密钥管理' },
    description: { en: 'API keys (digest and encrypted copy)', zh: 'API 密钥（摘要与加密副本）' },
  },
  system_settings: {
    name: { en: 'System settings', zh: '系统设置' },
    description: { en: 'Global, preview, WebDAV and site settings', zh: '全局、预览、WebDAV 与站点设置' },
  },
};

/** `POST /api/admin/backup/create`: everything, or the chosen modules (at least one, spec §5). */
export const BackupCreateBody = z.discriminatedUnion('backup_type', [
  z.object({ backup_type: z.literal('full') }),
  z.object({
    backup_type: z.literal('modules'),
    // The original named the storage module `storage_config`; its clients still send that.
    selected_modules: z
      .array(z.preprocess((name) => (name === 'storage_config' ? 'storage' : name), BackupModule))
      .min(1, 'Choose at least one module'),
  }),
]);
export type BackupCreateBody = z.input<typeof BackupCreateBody>;

/** Restore modes: overwrite replaces the tables in the file; merge only adds rows that are missing. */
export const BackupRestoreMode = z.enum(['overwrite', 'merge']);
export type BackupRestoreMode = z.infer<typeof BackupRestoreMode>;

/** The outer shape every backup file has, Driftbox's or the original's; rows are checked per table by the server. */
export const BackupFileShape = z.object({
  metadata: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type BackupFileShape = z.infer<typeof BackupFileShape>;

/** The original product's ENCRYPTION_SECRET, given to open the storage credentials of its backups. */
export const LegacyEncryptionSecret = z.string().max(1024).optional();

/**
 * `POST /api/admin/backup/preview` and `/restore` as JSON: the parsed file and the mode (overwrite by
 * default, as in the original). Multipart with `backup_file`, `mode` and `legacy_encryption_secret` is
 * accepted too. `legacy_encryption_secret` is the original's ENCRYPTION_SECRET: without it, the storage
 * configs of its v0.8+ backups are imported without their credentials (and the preview says so).
 */
export const BackupRestoreBody = z.object({
  mode: BackupRestoreMode.default('overwrite'),
  backup: z.unknown(),
  legacy_encryption_secret: LegacyEncryptionSecret,
});
export type BackupRestoreBody = z.input<typeof BackupRestoreBody>;

/** Metadata of a Driftbox backup file. `checksum` is SHA-256 (hex) of the canonical JSON of `data`. */
export const BackupMetadata = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  app_version: z.string(),
  timestamp: z.string(),
  backup_type: z.enum(['full', 'modules']),
  selected_modules: z.array(z.string()).nullable(),
  tables: z.record(z.string(), z.number().int().min(0)),
  total_records: z.number().int().min(0),
  contains_secrets: z.literal(true),
  warning: z.string(),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupMetadata = z.infer<typeof BackupMetadata>;

/** One module of `GET /api/admin/backup/modules`. */
export const BackupModuleDto = z.object({
  name: z.string(),
  description: z.string(),
  tables: z.array(z.string()),
  table_counts: z.record(z.string(), z.number()),
  record_count: z.number(),
});
export type BackupModuleDto = z.infer<typeof BackupModuleDto>;

/** `data` of `GET /api/admin/backup/modules`. */
export const BackupModulesDto = z.object({ modules: z.record(z.string(), BackupModuleDto) });
export type BackupModulesDto = z.infer<typeof BackupModulesDto>;

/** What a restore does (or did) to one table. */
export const BackupTableChangesDto = z.object({
  /** Rows of this table in the file. */
  rows: z.number(),
  insert: z.number(),
  /** Overwrite: existing rows replaced by different ones. */
  update: z.number(),
  unchanged: z.number(),
  /** Merge: rows left out because their id, slug or name is already taken. */
  skip: z.number(),
  /** Overwrite: existing rows that are not in the file. */
  delete: z.number(),
});
export type BackupTableChangesDto = z.infer<typeof BackupTableChangesDto>;

/** Part of a file that is not restored (e.g. the original's mounts and accounts), with why. */
export const BackupSkippedDto = z.object({ table: z.string(), rows: z.number(), reason: z.string() });
export type BackupSkippedDto = z.infer<typeof BackupSkippedDto>;

/** A setting the restore changes: its value now (null: not set) and the backup's. */
export const BackupSettingChangeDto = z.object({ key: z.string(), from: z.string().nullable(), to: z.string() });
export type BackupSettingChangeDto = z.infer<typeof BackupSettingChangeDto>;

/** `data` of `POST /api/admin/backup/preview`: nothing has been changed. */
export const BackupPreviewDto = z.object({
  source: z.enum(['driftbox', 'cloudpaste']),
  mode: BackupRestoreMode,
  backup_info: z.object({
    backup_type: z.string(),
    timestamp: z.string(),
    version: z.string(),
    selected_modules: z.array(z.string()).nullable(),
  }),
  tables: z.record(z.string(), BackupTableChangesDto),
  /** The settings whose value the restore changes (merge: new ones and those still at their seeded default). */
  settings_changes: z.array(BackupSettingChangeDto).default([]),
  skipped: z.array(BackupSkippedDto),
});
export type BackupPreviewDto = z.infer<typeof BackupPreviewDto>;

/** `data` of `POST /api/admin/backup/restore`; `results` keeps the original's per-table counters. */
export const BackupRestoreResultDto = BackupPreviewDto.extend({
  restored_tables: z.array(z.string()),
  total_records: z.number(),
  results: z.record(
    z.string(),
    z.object({ success: z.number(), ignored: z.number(), failed: z.number(), expected: z.number() }),
  ),
});
export type BackupRestoreResultDto = z.infer<typeof BackupRestoreResultDto>;
