import { describe, expect, it } from 'vitest';
import { parseBackupFile } from './backup-file';

describe('parseBackupFile', () => {
  it('accepts metadata plus data tables', () => {
    const result = parseBackupFile(
      JSON.stringify({ metadata: { format: 'driftbox-backup' }, data: { pastes: [{ id: 'p1' }] } }),
    );
    expect(result).toEqual({
      ok: true,
      backup: { metadata: { format: 'driftbox-backup' }, data: { pastes: [{ id: 'p1' }] } },
    });
  });

  it('refuses text that is not JSON, and JSON without the backup shape', () => {
    expect(parseBackupFile('{not json')).toEqual({ ok: false, error: 'parseFailed' });
    expect(parseBackupFile('[1, 2]')).toEqual({ ok: false, error: 'invalidFile' });
    expect(parseBackupFile(JSON.stringify({ metadata: {}, data: { pastes: 'x' } }))).toEqual({
      ok: false,
      error: 'invalidFile',
    });
  });
});
