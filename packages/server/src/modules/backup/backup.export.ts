import { createHash } from 'node:crypto';
import type { BackupMetadata } from '@driftbox/contract';
import { canonicalJson } from './backup.format.js';
import type { BackupRepository } from './backup.repository.js';
import type { BackupTableSpec } from './backup.tables.js';

/** The `data` block of a backup as text pieces, with its row counts and checksum. */
export interface ExportedData {
  pieces: string[];
  tables: Record<string, number>;
  checksum: string;
}

/**
 * Reads each table once and writes it straight into its canonical JSON, hashing as it goes: the pieces
 * joined are exactly `canonicalJson(data)` (tables in key order, rows with sorted keys), so the checksum
 * needs no second pass and no second copy of the rows.
 */
export async function exportData(repo: BackupRepository, specs: readonly BackupTableSpec[]): Promise<ExportedData> {
  // The same order canonicalJson gives object keys (UTF-16 code units).
  const sorted = [...specs].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
  const hash = createHash('sha256');
  const pieces: string[] = [];
  const tables: Record<string, number> = {};
  const emit = (text: string) => {
    hash.update(text, 'utf8');
    pieces.push(text);
  };
  emit('{');
  for (const [index, spec] of sorted.entries()) {
    const rows = await repo.readAll(spec);
    tables[spec.table] = rows.length;
    emit(`${index === 0 ? '' : ','}${JSON.stringify(spec.table)}:${canonicalJson(rows)}`);
  }
  emit('}');
  return { pieces, tables, checksum: hash.digest('hex') };
}

/** The whole file `{"metadata": …, "data": …}` as pieces, ready to stream. */
export function filePieces(metadata: BackupMetadata, data: ExportedData): string[] {
  return [`{"metadata":${JSON.stringify(metadata, null, 2)},"data":`, ...data.pieces, '}\n'];
}
