import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../lib/crypto/password.js';
import { createSecretBox } from '../../lib/crypto/secret-box.js';
import { exportData } from './backup.export.js';
import { backupFileName, canonicalJson, sha256Text } from './backup.format.js';
import { legacyPasswordHash, normalizeLegacyTime, type LegacyContext } from './backup.legacy-rows.js';
import { decodeLegacySecret } from './backup.legacy-s3.js';
import type { BackupRepository } from './backup.repository.js';
import { BACKUP_TABLES, type BackupRow } from './backup.tables.js';
import { legacyFixture } from './backup.test-support.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('backup file format', () => {
  it('canonical JSON sorts object keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ z: 1, y: [2, 1] }, null], c: { e: 'x', d: true } })).toBe(
      '{"a":[{"y":[2,1],"z":1},null],"b":1,"c":{"d":true,"e":"x"}}',
    );
  });

  it('the streamed data block is exactly the canonical JSON of the data, so its checksum is too', async () => {
    const rows: Record<string, BackupRow[]> = {
      pastes: [
        { slug: 'b', id: '2' },
        { slug: 'a', id: '1', content: 'ü "quoted" \n' },
      ],
      api_keys: [],
      files: [],
      settings: [{ value: 'x', key: 'site_title' }],
      storage_configs: [{ name: 'local', id: 'local' }],
      storage_mounts: [],
    };
    const repo = { readAll: async (spec: { table: string }) => rows[spec.table] ?? [] } as unknown as BackupRepository;
    const exported = await exportData(repo, BACKUP_TABLES);
    expect(exported.pieces.join('')).toBe(canonicalJson(rows));
    expect(exported.checksum).toBe(sha256Text(canonicalJson(rows)));
    expect(exported.tables).toEqual({
      api_keys: 0,
      files: 0,
      pastes: 2,
      settings: 1,
      storage_configs: 1,
      storage_mounts: 0,
    });
  });

  it('file names carry the time without characters file systems refuse', () => {
    expect(backupFileName(new Date('2026-03-04T05:06:07.890Z'))).toBe('driftbox-backup-2026-03-04T05-06-07Z.json');
  });

  it("the fixture is a valid file of the original: its checksum is the first 16 hex digits of the data's", () => {
    const file = legacyFixture();
    expect(file.metadata.checksum).toBe(sha256Text(canonicalJson(file.data)).slice(0, 16));
  });
});

describe('converting the original product', () => {
  it('normalises both of its timestamp formats to ISO UTC with milliseconds', () => {
    expect(normalizeLegacyTime('2025-03-01 10:00:00')).toBe('2025-03-01T10:00:00.000Z');
    expect(normalizeLegacyTime('2025-03-01T10:00:00')).toBe('2025-03-01T10:00:00.000Z');
    expect(normalizeLegacyTime('2025-03-01T10:00:00.5Z')).toBe('2025-03-01T10:00:00.500Z');
    expect(normalizeLegacyTime('2025-03-01T18:00:00+08:00')).toBe('2025-03-01T10:00:00.000Z');
    expect(normalizeLegacyTime('yesterday')).toBeNull();
  });

  it('reads its "encrypted" credentials, which need no key, and passes plain ones through', () => {
    const value = `encrypted:${Buffer.from('hmac').toString('base64')}:${Buffer.from('s3cr3t/+=é', 'latin1').toString('base64')}`;
    expect(decodeLegacySecret(value)).toBe('s3cr3t/+=é');
    expect(decodeLegacySecret('PLAINKEY')).toBe('PLAINKEY');
    expect(() => decodeLegacySecret('encrypted:only-two')).toThrow();
  });

  it('share passwords: plaintext copies are hashed, 64-hex kept as marked legacy, other values are plaintext', async () => {
    const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });
    const ctx: LegacyContext = {
      box: createSecretBox('x'.repeat(40)),
      hashPassword: (p) => hasher.hash(p),
      adminId: 'a',
      now: '2026-01-01T00:00:00.000Z',
      legacySecret: null,
    };
    expect(await legacyPasswordHash(null, 'stale copy', ctx)).toBeNull();
    expect(await legacyPasswordHash(sha('pw'), undefined, ctx)).toBe(`legacy-sha256$${sha('pw')}`);
    expect(await hasher.verify('pw', (await legacyPasswordHash(sha('pw'), 'pw', ctx)) ?? '')).toBe(true);
    expect(await hasher.verify('short-plain', (await legacyPasswordHash('short-plain', undefined, ctx)) ?? '')).toBe(
      true,
    );
  });
});
