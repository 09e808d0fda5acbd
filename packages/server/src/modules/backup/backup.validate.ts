import type { BackupFileShape, ErrorDetail } from '@driftbox/contract';
import type { z } from 'zod';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import { backupInvalid } from './backup.format.js';
import type { BackupRow, BackupTableSpec } from './backup.tables.js';

/** Part of a file that is not restored, and why (shown in the preview and the result). */
export interface SkippedPart {
  table: string;
  rows: number;
  reason: Text;
}

/** What the file says about itself, whichever product wrote it. */
export interface BackupInfo {
  backup_type: string;
  timestamp: string;
  version: string;
  selected_modules: string[] | null;
}

/** One table's rows, validated and in Driftbox's column form. */
export interface ParsedTable {
  spec: BackupTableSpec;
  rows: BackupRow[];
}

/** A verified backup, ready to be planned against the database. Tables are in restore order. */
export interface ParsedBackup {
  source: 'driftbox' | 'cloudpaste';
  info: BackupInfo;
  tables: ParsedTable[];
  skipped: SkippedPart[];
}

/** Enough problems to fix a file, not so many that the error is a second copy of it. */
const MAX_DETAILS = 20;

/** Collects a schema's issues for row `index` of `label` as `data.<label>.<index>.<column>` details. */
export function addIssues(details: ErrorDetail[], label: string, index: number, error: z.ZodError): void {
  for (const issue of error.issues) {
    if (details.length >= MAX_DETAILS) return;
    details.push({ path: ['data', label, index, ...issue.path].map(String).join('.'), message: issue.message });
  }
}

/** Throws BACKUP_INVALID listing the collected details, when there are any. */
export function throwIfInvalid(details: ErrorDetail[]): void {
  if (details.length > 0) throw backupInvalid(msg('backup.rowsInvalid'), details);
}

/**
 * Every row through its table's schema: unknown columns are dropped, missing or mistyped ones refuse
 * the whole file (BACKUP_INVALID with the first problems), so nothing half-fitting reaches the database.
 */
export function validateRows(spec: BackupTableSpec, rows: readonly unknown[], label: string = spec.table): BackupRow[] {
  const details: ErrorDetail[] = [];
  const valid = collectRows(spec, rows, label, details);
  throwIfInvalid(details);
  return valid;
}

/** `validateRows` that adds its problems to `details` instead of throwing, so one error can name every table's. */
export function collectRows(
  spec: BackupTableSpec,
  rows: readonly unknown[],
  label: string,
  details: ErrorDetail[],
): BackupRow[] {
  const valid: BackupRow[] = [];
  rows.forEach((row, index) => {
    const result = spec.row.safeParse(row);
    if (result.success) valid.push(result.data as BackupRow);
    else addIssues(details, label, index, result.error);
  });
  return valid;
}

/**
 * The row counts written into the metadata must match the data: a table missing or cut short means
 * the file is incomplete, even though the checksum (over the data alone) may still agree.
 */
export function assertCounts(declared: Record<string, number> | undefined, data: BackupFileShape['data']): void {
  if (!declared) return;
  const names = new Set([...Object.keys(declared), ...Object.keys(data)]);
  for (const name of names) {
    if (declared[name] === (data[name]?.length ?? 0)) continue;
    throw backupInvalid(msg('backup.incomplete', { table: name, rows: declared[name] ?? 0 }));
  }
}
