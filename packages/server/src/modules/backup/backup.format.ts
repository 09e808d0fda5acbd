import { createHash } from 'node:crypto';
import {
  APP_VERSION,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupMetadata,
  type ErrorDetail,
} from '@driftbox/contract';
import { AppError } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n/i18n.js';

/** What every backup file says about itself: it is as sensitive as the database. */
export const SECRETS_WARNING =
  'This file contains secrets: password hashes of shares, storage credentials encrypted with the ' +
  "server's ENCRYPTION_SECRET (a restore needs the same secret), and API key digests with encrypted " +
  'copies of the keys. Keep it as safe as a password.';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/**
 * Compact JSON with object keys sorted at every level (arrays keep their order). Checksums cover this
 * text, so they do not depend on the key order a tool happened to write. It is also exactly how the
 * original product computed its checksums, which lets its files be verified too.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** SHA-256 hex of a text (UTF-8). */
export function sha256Text(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `driftbox-backup-2026-01-01T10-00-00Z.json`: sortable, and legal on every file system. */
export function backupFileName(now: Date): string {
  return `driftbox-backup-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.json`;
}

export interface MetadataInput {
  now: Date;
  backupType: 'full' | 'modules';
  selectedModules: string[] | null;
  tables: Record<string, number>;
  checksum: string;
}

/** The metadata block of a new backup file. */
export function buildMetadata(input: MetadataInput): BackupMetadata {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    app_version: APP_VERSION,
    timestamp: input.now.toISOString(),
    backup_type: input.backupType,
    selected_modules: input.selectedModules,
    tables: input.tables,
    total_records: Object.values(input.tables).reduce((sum, n) => sum + n, 0),
    contains_secrets: true,
    warning: SECRETS_WARNING,
    checksum: input.checksum,
  };
}

/** 400 BACKUP_INVALID: the file is not a backup, is incomplete, or holds a row that does not fit. */
export function backupInvalid(text: Text, details?: ErrorDetail[]): AppError {
  return new AppError('BACKUP_INVALID', details ? { text, details } : { text });
}

/** 400 BACKUP_CHECKSUM: the data no longer matches the checksum written with it. */
export function checksumMismatch(): AppError {
  return new AppError('BACKUP_CHECKSUM');
}
