import { isSettingKey, SETTINGS_CATALOGUE, type BackupModule } from '@driftbox/contract';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { sha256Hex } from '../../lib/crypto/digest.js';
import type { SecretBox } from '../../lib/crypto/secret-box.js';
import { KEY_CONTEXT } from '../api-keys/api-keys.service.js';
import { credentialContext } from '../storage-configs/storage-configs.input.js';
import {
  ApiKeyRowSchema,
  FileRowSchema,
  MountRowSchema,
  PasteRowSchema,
  SettingRowSchema,
  StorageConfigRowSchema,
} from './backup.schemas.js';

/** A row as the backup moves it: column name to value. */
export type BackupRow = Record<string, unknown>;

/** Everything backup and restore know about one table; the one registry of what a backup carries. */
export interface BackupTableSpec {
  table: keyof Database;
  module: BackupModule;
  primaryKey: string;
  /** UNIQUE columns besides the key: merge skips a row that would collide on one of them. */
  unique: readonly string[];
  /** A 0/1 column at most one row may set (the default storage config's partial unique index). */
  exclusiveFlag?: string;
  /** Restored in ascending order and cleared in descending order, so foreign keys always hold. */
  order: number;
  /** The row schema: its keys are the only columns ever written. */
  row: z.ZodObject;
  /** A database row in its file form (PostgreSQL returns int8 as a string). */
  fromDb?: (row: BackupRow) => BackupRow;
  /**
   * Merge keeps existing rows, except one this says still holds what the server seeded (a setting at its
   * default): the file's row replaces it, so a fresh server takes the backup's site title and limits.
   */
  mergeReplaces?: (existing: BackupRow) => boolean;
  /** Why the row's encrypted values cannot be used with this server's key, or null when they can. */
  checkSecrets?: (row: BackupRow, box: SecretBox) => string | null;
}

const DIFFERENT_SECRET = 'encrypted with a different ENCRYPTION_SECRET';

function opens(box: SecretBox, sealed: unknown, context: string): string | null {
  if (typeof sealed !== 'string') return null;
  try {
    return box.decrypt(sealed, context);
  } catch {
    return null;
  }
}

/** Every table a backup may carry. */
export const BACKUP_TABLES: readonly BackupTableSpec[] = [
  {
    table: 'settings',
    module: 'system_settings',
    primaryKey: 'key',
    unique: [],
    order: 10,
    row: SettingRowSchema,
    mergeReplaces: (row) => {
      const key = String(row.key);
      return isSettingKey(key) && row.value === SETTINGS_CATALOGUE[key].default;
    },
  },
  {
    table: 'storage_configs',
    module: 'storage',
    primaryKey: 'id',
    unique: ['name'],
    exclusiveFlag: 'is_default',
    order: 20,
    row: StorageConfigRowSchema,
    fromDb: (row) => ({
      ...row,
      total_storage_bytes: row.total_storage_bytes === null ? null : Number(row.total_storage_bytes),
    }),
    checkSecrets(row, box) {
      for (const column of ['access_key_id', 'secret_access_key'] as const) {
        const sealed = row[`${column}_enc`];
        if (sealed !== null && opens(box, sealed, credentialContext(column, String(row.id))) === null)
          return DIFFERENT_SECRET;
      }
      return null;
    },
  },
  {
    // No foreign key to storage_configs: a restored mount whose config is not there resolves nowhere.
    table: 'storage_mounts',
    module: 'mount_management',
    primaryKey: 'id',
    unique: ['mount_path'],
    order: 25,
    row: MountRowSchema,
  },
  {
    table: 'api_keys',
    module: 'key_management',
    primaryKey: 'id',
    unique: ['name', 'key_hash'],
    order: 30,
    row: ApiKeyRowSchema,
    // The digest must match the decrypted key too, or the admin would copy a key that does not work.
    checkSecrets: (row, box) => {
      const key = opens(box, row.key_encrypted, KEY_CONTEXT);
      return key !== null && sha256Hex(key) === row.key_hash ? null : DIFFERENT_SECRET;
    },
  },
  { table: 'pastes', module: 'text_management', primaryKey: 'id', unique: ['slug'], order: 40, row: PasteRowSchema },
  {
    // Share records only (no foreign key to storage_configs); pending rows of uploads in flight come
    // along and, if abandoned by the time they are restored, the cleanup job removes them as usual.
    table: 'files',
    module: 'file_management',
    primaryKey: 'id',
    unique: ['slug'],
    order: 50,
    row: FileRowSchema,
    fromDb: (row) => ({
      ...row,
      size: Number(row.size),
      part_size: row.part_size === null || row.part_size === undefined ? null : Number(row.part_size),
    }),
  },
];

/** Tables no backup ever holds, and why: accounts and live credentials stay with the server they belong to. */
export const NOT_BACKED_UP: Readonly<Partial<Record<keyof Database, string>>> = {
  admins: 'administrator accounts stay with their server',
  admin_sessions: 'live sessions are never exported',
  rate_limits: 'short-lived counters',
  upload_jobs: 'progress of URL fetches running now',
  object_purges: "deletions due in this server's storage once issued upload URLs expire",
  fs_tasks: 'background work of this server (copies, deletes, ZIP builds), meaningless after a restore',
  fs_listing_versions: 'listing-cache versions of this server, meaningless after a restore',
  fs_search_index: 'the search index of mounts, rebuilt from their storage',
  fs_search_mounts: 'the state of the search index, rebuilt with it',
  fs_uploads: "browser uploads into mounts running now, and staging keys due in this server's storage",
  webdav_properties: 'WebDAV dead properties of paths in mounted storage, which a backup does not carry',
  webdav_locks: 'WebDAV locks held by clients of this server now',
  periodic_runs: "when this server's sweeps are next due",
};

const BY_TABLE = new Map<string, BackupTableSpec>(BACKUP_TABLES.map((s) => [s.table, s]));

/** The spec of `table`, or undefined for a table backups do not carry. */
export function backupSpec(table: string): BackupTableSpec | undefined {
  return BY_TABLE.get(table);
}

/** The specs of the given modules' tables, in restore order. */
export function specsOfModules(modules: readonly BackupModule[]): BackupTableSpec[] {
  return BACKUP_TABLES.filter((s) => modules.includes(s.module)).sort((a, b) => a.order - b.order);
}

/** Modules that have at least one table, in the contract's order. */
export function availableModules(all: readonly BackupModule[]): BackupModule[] {
  return all.filter((m) => BACKUP_TABLES.some((s) => s.module === m));
}

/** The columns a spec writes: exactly its schema's keys. */
export function columnsOf(spec: BackupTableSpec): string[] {
  return Object.keys(spec.row.shape);
}
