import {
  BACKUP_FORMAT,
  BackupFileShape,
  BackupMetadata,
  splitShareBits,
  type BackupFileShape as FileShape,
  type ErrorDetail,
} from '@driftbox/contract';
import { zodDetails } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { backupInvalid, canonicalJson, checksumMismatch, sha256Text } from './backup.format.js';
import { readLegacy } from './backup.legacy.js';
import type { LegacyContext } from './backup.legacy-rows.js';
import { backupSpec } from './backup.tables.js';
import { assertCounts, collectRows, throwIfInvalid, type ParsedBackup, type ParsedTable } from './backup.validate.js';

/**
 * A key row of a backup made before migration 010 (no `is_enable`): enabled, and its share bits still
 * granting management, so they bring the manage bits along (`splitShareBits`).
 */
function beforeSplit(row: Record<string, unknown>): Record<string, unknown> {
  if ('is_enable' in row || typeof row.permissions !== 'number') return row;
  return { ...row, is_enable: 1, permissions: splitShareBits(row.permissions) };
}

function readNative(shape: FileShape): ParsedBackup {
  const meta = BackupMetadata.safeParse(shape.metadata);
  if (!meta.success)
    throw backupInvalid(
      msg('backup.badMetadata'),
      zodDetails(meta.error).map((d) => ({ ...d, path: `metadata.${d.path}` })),
    );
  if (sha256Text(canonicalJson(shape.data)) !== meta.data.checksum) throw checksumMismatch();
  assertCounts(meta.data.tables, shape.data);
  const tables: ParsedTable[] = [];
  const details: ErrorDetail[] = [];
  for (const [name, rows] of Object.entries(shape.data)) {
    const spec = backupSpec(name);
    if (!spec) throw backupInvalid(msg('backup.unknownTable', { table: name }));
    tables.push({ spec, rows: collectRows(spec, name === 'api_keys' ? rows.map(beforeSplit) : rows, name, details) });
  }
  throwIfInvalid(details);
  const { backup_type, timestamp, selected_modules } = meta.data;
  return {
    source: 'driftbox',
    info: { backup_type, timestamp, version: String(meta.data.version), selected_modules },
    tables: tables.sort((a, b) => a.spec.order - b.spec.order),
    skipped: [],
  };
}

/**
 * Verifies a backup file and turns it into validated rows: Driftbox's own format, or the original
 * product's (`metadata.version` "1.0"), converted. Refuses (400) anything malformed, incomplete or
 * changed; nothing here touches the database.
 */
export async function readBackup(raw: unknown, legacy: LegacyContext): Promise<ParsedBackup> {
  const shape = BackupFileShape.safeParse(raw);
  if (!shape.success) throw backupInvalid(msg('backup.notABackup'));
  const { metadata } = shape.data;
  if (metadata.format === BACKUP_FORMAT) return readNative(shape.data);
  if (metadata.format === undefined && metadata.version === '1.0') return readLegacy(shape.data, legacy);
  throw backupInvalid(msg('backup.unknownFormat'));
}
