import {
  BACKUP_FORMAT,
  BackupFileShape,
  BackupMetadata,
  type BackupFileShape as FileShape,
  type ErrorDetail,
} from '@driftbox/contract';
import { zodDetails } from '../../lib/errors.js';
import { backupInvalid, canonicalJson, checksumMismatch, sha256Text } from './backup.format.js';
import { readLegacy } from './backup.legacy.js';
import type { LegacyContext } from './backup.legacy-rows.js';
import { backupSpec } from './backup.tables.js';
import { assertCounts, collectRows, throwIfInvalid, type ParsedBackup, type ParsedTable } from './backup.validate.js';

const NOT_A_BACKUP = {
  en: 'This is not a backup file (metadata and data are required)',
  zh: '这不是备份文件（缺少 metadata 或 data）',
};
const UNKNOWN_FORMAT = { en: 'Unknown backup format or version', zh: '无法识别的备份格式或版本' };
const BAD_METADATA = { en: 'The metadata of the backup is invalid', zh: '备份元数据无效' };

function readNative(shape: FileShape): ParsedBackup {
  const meta = BackupMetadata.safeParse(shape.metadata);
  if (!meta.success)
    throw backupInvalid(
      BAD_METADATA,
      zodDetails(meta.error).map((d) => ({ ...d, path: `metadata.${d.path}` })),
    );
  if (sha256Text(canonicalJson(shape.data)) !== meta.data.checksum) throw checksumMismatch();
  assertCounts(meta.data.tables, shape.data);
  const tables: ParsedTable[] = [];
  const details: ErrorDetail[] = [];
  for (const [name, rows] of Object.entries(shape.data)) {
    const spec = backupSpec(name);
    if (!spec) throw backupInvalid({ en: `Unknown table in the backup: ${name}`, zh: `备份中含有未知数据表：${name}` });
    tables.push({ spec, rows: collectRows(spec, rows, name, details) });
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
  if (!shape.success) throw backupInvalid(NOT_A_BACKUP);
  const { metadata } = shape.data;
  if (metadata.format === BACKUP_FORMAT) return readNative(shape.data);
  if (metadata.format === undefined && metadata.version === '1.0') return readLegacy(shape.data, legacy);
  throw backupInvalid(UNKNOWN_FORMAT);
}
