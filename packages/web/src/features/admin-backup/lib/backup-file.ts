import { BackupFileShape } from '@driftbox/contract';

export type BackupFileError = 'parseFailed' | 'invalidFile';

export type ParsedBackupFile = { ok: true; backup: BackupFileShape } | { ok: false; error: BackupFileError };

/**
 * Reads a chosen backup file in the browser (spec §5: a restore needs a file in a valid format), so a
 * wrong file is refused before it is uploaded. The server still checks every row and the checksum.
 */
export function parseBackupFile(text: string): ParsedBackupFile {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, error: 'parseFailed' };
  }
  const shape = BackupFileShape.safeParse(json);
  return shape.success ? { ok: true, backup: shape.data } : { ok: false, error: 'invalidFile' };
}
