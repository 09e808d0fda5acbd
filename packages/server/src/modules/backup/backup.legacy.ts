import { isSettingKey, SETTINGS_CATALOGUE, type BackupFileShape, type ErrorDetail } from '@driftbox/contract';
import { z } from 'zod';
import { zodDetails } from '../../lib/errors.js';
import { msg, type PlainMessageKey } from '../../lib/i18n/catalogue.js';
import { backupInvalid, canonicalJson, checksumMismatch, sha256Text } from './backup.format.js';
import {
  convertApiKey,
  convertFile,
  convertPaste,
  LegacyApiKey,
  LegacyFile,
  LegacyFilePassword,
  LegacyPaste,
  LegacyPastePassword,
  LegacySetting,
  type LegacyContext,
} from './backup.legacy-rows.js';
import { convertMounts, LegacyMount } from './backup.legacy-mounts.js';
import { convertS3Config, LegacyS3Config } from './backup.legacy-s3.js';
import { LegacyStorageConfig, storageConfigsToS3, type StorageImport } from './backup.legacy-storage.js';
import { backupSpec, type BackupRow, type BackupTableSpec } from './backup.tables.js';
import {
  addIssues,
  assertCounts,
  throwIfInvalid,
  validateRows,
  type ParsedBackup,
  type ParsedTable,
  type SkippedPart,
} from './backup.validate.js';

type Data = BackupFileShape['data'];

/** Metadata of the original's backups (notes §4.11): its checksum is the first 16 hex digits. */
const LegacyMetadata = z.object({
  version: z.literal('1.0'),
  timestamp: z.string(),
  backup_type: z.string(),
  selected_modules: z.array(z.string()).nullish(),
  tables: z.record(z.string(), z.number().int().min(0)).optional(),
  checksum: z.string().regex(/^[0-9a-f]{16}$/),
});

/** The original's tables Driftbox does not import, and why. */
const NOT_IMPORTED: Record<string, PlainMessageKey> = {
  admins: 'backup.legacy.accountsNotImported',
  admin_tokens: 'backup.legacy.sessionsNotImported',
  // v1.x bookkeeping: Driftbox keeps its own migrations, jobs, tasks, caches and upload sessions.
  schema_migrations: 'backup.legacy.internalTable',
  scheduled_jobs: 'backup.legacy.internalTable',
  scheduled_job_runs: 'backup.legacy.internalTable',
  tasks: 'backup.legacy.internalTable',
  metrics_cache: 'backup.legacy.internalTable',
  upload_sessions: 'backup.legacy.internalTable',
  vfs_nodes: 'backup.legacy.internalTable',
  principal_storage_acl: 'backup.legacy.storageAclNotImported',
  fs_meta: 'backup.legacy.fsMetaNotImported',
};

/** The original's settings Driftbox does not take, and why (any other unknown key: no such setting). */
const SETTING_NOT_IMPORTED: Record<string, PlainMessageKey> = {
  schema_version: 'backup.legacy.settingSchemaVersion',
  preview_providers: 'backup.legacy.settingPreviewProviders',
};

/** Columns of the original's v1.x rows Driftbox has no place for (every other column is imported). */
const COLUMNS_NOT_IMPORTED: Record<string, { column: string; reason: PlainMessageKey }[]> = {
  storage_mounts: [{ column: 'enable_folder_summary_compute', reason: 'backup.legacy.folderSummaryNotImported' }],
};
const CONSUMED = new Set([
  'pastes',
  'paste_passwords',
  'files',
  'file_passwords',
  'api_keys',
  's3_configs',
  'storage_configs',
  'storage_mounts',
  'system_settings',
]);

/** Each row through a schema of the original's columns; problems refuse the file with their paths. */
function parseAll<S extends z.ZodType>(schema: S, rows: readonly unknown[], label: string): z.output<S>[] {
  const details: ErrorDetail[] = [];
  const out: z.output<S>[] = [];
  rows.forEach((row, index) => {
    const result = schema.safeParse(row);
    if (result.success) out.push(result.data);
    else addIssues(details, label, index, result.error);
  });
  throwIfInvalid(details);
  return out;
}

function spec(table: string): BackupTableSpec {
  const found = backupSpec(table);
  if (!found) throw new Error(`No backup spec for ${table}`);
  return found;
}

async function pastes(data: Data, ctx: LegacyContext): Promise<BackupRow[]> {
  const plain = new Map(
    parseAll(LegacyPastePassword, data.paste_passwords ?? [], 'paste_passwords').map((p) => [
      p.paste_id,
      p.plain_password,
    ]),
  );
  const rows: BackupRow[] = [];
  // One at a time: scrypt is deliberately expensive, and two cores are shared with every request.
  for (const paste of parseAll(LegacyPaste, data.pastes ?? [], 'pastes'))
    rows.push(await convertPaste(paste, plain.get(paste.id), ctx));
  return validateRows(spec('pastes'), rows, 'pastes');
}

async function files(data: Data, ctx: LegacyContext): Promise<BackupRow[]> {
  const plain = new Map(
    parseAll(LegacyFilePassword, data.file_passwords ?? [], 'file_passwords').map((p) => [p.file_id, p.plain_password]),
  );
  const rows: BackupRow[] = [];
  for (const file of parseAll(LegacyFile, data.files ?? [], 'files'))
    rows.push(await convertFile(file, plain.get(file.id), ctx));
  return validateRows(spec('files'), rows, 'files');
}

/** The S3 configs of the file: `s3_configs` (before v0.8) and `storage_configs` (v0.8 on), as s3_configs rows. */
function legacyConfigs(data: Data, ctx: LegacyContext): StorageImport | null {
  if (!data.s3_configs && !data.storage_configs) return null;
  const older = parseAll(LegacyS3Config, data.s3_configs ?? [], 's3_configs');
  const newer = storageConfigsToS3(parseAll(LegacyStorageConfig, data.storage_configs ?? [], 'storage_configs'), ctx);
  return { configs: [...older, ...newer.configs], skipped: newer.skipped };
}

function storageConfigs(configs: StorageImport['configs'], ctx: LegacyContext): BackupRow[] {
  // Names are unique in Driftbox but were not in the original: later duplicates get a number.
  const taken = new Set<string>();
  const uniqueName = (name: string): string => {
    let candidate = name.trim();
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${name.trim()} (${n})`;
    taken.add(candidate);
    return candidate;
  };
  const rows = configs.map((s) => convertS3Config(s, uniqueName(s.name), ctx));
  return validateRows(spec('storage_configs'), rows, 'storage_configs');
}

/** The settings Driftbox has, with a value it accepts; every other one is listed with its reason. */
function settings(data: Data, ctx: LegacyContext): { rows: BackupRow[]; skipped: SkippedPart[] } {
  const rows: BackupRow[] = [];
  const skipped: SkippedPart[] = [];
  const leaveOut = (key: string, reason: PlainMessageKey) =>
    skipped.push({ table: `system_settings.${key}`, rows: 1, reason: msg(reason) });
  for (const s of parseAll(LegacySetting, data.system_settings ?? [], 'system_settings')) {
    if (!isSettingKey(s.key)) {
      leaveOut(s.key, SETTING_NOT_IMPORTED[s.key] ?? 'backup.legacy.settingUnknown');
      continue;
    }
    const value = SETTINGS_CATALOGUE[s.key].schema.safeParse(String(s.value ?? ''));
    if (!value.success) leaveOut(s.key, 'backup.legacy.settingInvalid');
    else rows.push({ key: s.key, value: value.data, updated_at: s.updated_at ?? ctx.now });
  }
  return { rows: validateRows(spec('settings'), rows, 'system_settings'), skipped };
}

/** v1.x columns that have no place here, listed once per table with the number of rows that set them. */
function droppedColumns(data: Data): SkippedPart[] {
  const out: SkippedPart[] = [];
  for (const [table, columns] of Object.entries(COLUMNS_NOT_IMPORTED)) {
    const rows = (data[table] ?? []) as Record<string, unknown>[];
    for (const { column, reason } of columns) {
      const set = rows.filter((row) => row[column] !== undefined && row[column] !== null).length;
      if (set > 0) out.push({ table: `${table}.${column}`, rows: set, reason: msg(reason) });
    }
  }
  return out;
}

async function convertTables(
  data: Data,
  ctx: LegacyContext,
): Promise<{ tables: ParsedTable[]; skipped: SkippedPart[] }> {
  const tables: ParsedTable[] = [];
  const skipped: SkippedPart[] = [];
  if (data.pastes) tables.push({ spec: spec('pastes'), rows: await pastes(data, ctx) });
  if (data.files) tables.push({ spec: spec('files'), rows: await files(data, ctx) });
  if (data.api_keys) {
    const keys = parseAll(LegacyApiKey, data.api_keys, 'api_keys').map((k) => convertApiKey(k, ctx));
    tables.push({ spec: spec('api_keys'), rows: validateRows(spec('api_keys'), keys, 'api_keys') });
  }
  const configs = legacyConfigs(data, ctx);
  if (configs) {
    tables.push({ spec: spec('storage_configs'), rows: storageConfigs(configs.configs, ctx) });
    skipped.push(...configs.skipped);
  }
  if (data.storage_mounts) {
    const configIds = configs ? new Set(configs.configs.map((c) => c.id)) : null;
    const mounts = convertMounts(parseAll(LegacyMount, data.storage_mounts, 'storage_mounts'), configIds, ctx);
    tables.push({
      spec: spec('storage_mounts'),
      rows: validateRows(spec('storage_mounts'), mounts.rows, 'storage_mounts'),
    });
    if (mounts.leftOut > 0)
      skipped.push({ table: 'storage_mounts', rows: mounts.leftOut, reason: msg('backup.legacy.mountsLeftOut') });
  }
  if (data.system_settings) {
    const settingsPart = settings(data, ctx);
    tables.push({ spec: spec('settings'), rows: settingsPart.rows });
    skipped.push(...settingsPart.skipped);
  }
  skipped.push(...droppedColumns(data));
  for (const [table, rows] of Object.entries(data)) {
    if (!CONSUMED.has(table))
      skipped.push({ table, rows: rows.length, reason: msg(NOT_IMPORTED[table] ?? 'backup.legacy.unknownTable') });
  }
  return { tables: tables.sort((a, b) => a.spec.order - b.spec.order), skipped };
}

/**
 * A backup of the original product (notes §4.11), verified by its own checksum and converted onto
 * Driftbox's tables: pastes and files (with their plaintext password copies, hashed), api_keys,
 * s3_configs and storage_configs (v0.8+, credentials opened with the original's ENCRYPTION_SECRET) →
 * storage_configs, storage_mounts, system_settings → settings. What cannot be imported is reported, not silently dropped.
 */
export async function readLegacy(shape: BackupFileShape, ctx: LegacyContext): Promise<ParsedBackup> {
  const meta = LegacyMetadata.safeParse(shape.metadata);
  if (!meta.success) {
    throw backupInvalid(
      msg('backup.badMetadata'),
      zodDetails(meta.error).map((d) => ({ ...d, path: `metadata.${d.path}` })),
    );
  }
  if (sha256Text(canonicalJson(shape.data)).slice(0, 16) !== meta.data.checksum) throw checksumMismatch();
  assertCounts(meta.data.tables, shape.data);
  const { tables, skipped } = await convertTables(shape.data, ctx);
  const { backup_type, timestamp, selected_modules } = meta.data;
  return {
    source: 'cloudpaste',
    info: { backup_type, timestamp, version: '1.0', selected_modules: selected_modules ?? null },
    tables,
    skipped,
  };
}
