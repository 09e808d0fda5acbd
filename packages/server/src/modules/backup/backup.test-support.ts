import { readFileSync } from 'node:fs';
import type { BackupCreateBody } from '@driftbox/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { CallResult, Harness } from '../../test/harness.js';
import { shareRow } from '../files/files.test-support.js';
import { seedPaste } from '../pastes/pastes.test-support.js';
import { canonicalJson, sha256Text } from './backup.format.js';
import { BACKUP_TABLES } from './backup.tables.js';

/** A backup file as the tests handle it. */
export interface BackupFileJson {
  metadata: Record<string, unknown> & { checksum: string; tables: Record<string, number> };
  data: Record<string, Record<string, unknown>[]>;
}

/** Every row of every backed-up table, by primary key: equal snapshots mean equal data. */
export async function snapshot(h: Harness): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const spec of BACKUP_TABLES) {
    const { rows } = await sql`select * from ${sql.table(spec.table)} order by ${sql.ref(spec.primaryKey)}`.execute(
      h.db,
    );
    out[spec.table] = rows;
  }
  return out;
}

/** Creates a backup through the API and returns the downloaded file, parsed. */
export async function downloadBackup(
  h: Harness,
  body: BackupCreateBody = { backup_type: 'full' },
): Promise<BackupFileJson> {
  const res = await h.call('POST', '/api/admin/backup/create', { headers: h.actors.admin(), body });
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text) as BackupFileJson;
}

/** Restores (or previews) a parsed file through the JSON form of the API. */
export function sendBackup(
  h: Harness,
  action: 'restore' | 'preview',
  backup: unknown,
  mode: 'overwrite' | 'merge',
): Promise<CallResult> {
  return h.call('POST', `/api/admin/backup/${action}`, { headers: h.actors.admin(), body: { mode, backup } });
}

/** The same file with its checksum recomputed, as someone editing it on purpose would do. */
export function resealed(file: BackupFileJson): BackupFileJson {
  return { ...file, metadata: { ...file.metadata, checksum: sha256Text(canonicalJson(file.data)) } };
}

/** Two pastes, two keys, an S3 config with a mount, a changed setting and a file share: something in every module. */
export async function seedEverything(h: Harness): Promise<void> {
  await seedPaste(h, { slug: 'first', content: 'first paste', password: 'pw-1', remark: 'note' });
  await seedPaste(h, { slug: 'second', content: 'second paste', maxViews: 5 });
  await h.createKey(1, { name: 'writer' });
  await h.createKey(256, { name: 'viewer', basicPath: '/photos' });
  const s3 = await h.call('POST', '/api/s3-configs', {
    headers: h.actors.admin(),
    body: {
      name: 'r2',
      provider_type: 'Cloudflare R2',
      endpoint_url: 'https://abc.r2.cloudflarestorage.com',
      bucket_name: 'shares',
      access_key_id: 'AKIAEXAMPLE1234',
      secret_access_key: 'secret-value',
    },
  });
  expect(s3.status, s3.text).toBe(201);
  const mount = await h.call('POST', '/api/admin/mounts', {
    headers: h.actors.admin(),
    body: {
      name: 'Photos',
      mount_path: '/photos',
      storage_config_id: (s3.body.data as { id: string }).id,
      remark: 'family',
      sort_order: -1,
      web_proxy: 1,
      enable_sign: 1,
      sign_expires: 600,
    },
  });
  expect(mount.status, mount.text).toBe(201);
  const site = await h.call('PUT', '/api/admin/settings/group/4', {
    headers: h.actors.admin(),
    body: { site_title: 'Before' },
  });
  expect(site.status, site.text).toBe(200);
  // A share record (its object is not part of a backup); 3 GiB exercises the int8 column.
  const now = h.clock.now().toISOString();
  await h.db
    .insertInto('files')
    .values(
      shareRow(h, {
        id: 'file-1',
        slug: 'report',
        filename: 'report.pdf',
        storage_path: 'shares/report.pdf',
        mimetype: 'application/pdf',
        size: 3 * 1024 ** 3,
        status: 'active',
        created_at: now,
      }),
    )
    .execute();
}

/** The original product's backup used by the import tests (see fixtures/). */
export function legacyFixture(): BackupFileJson {
  return JSON.parse(
    readFileSync(new URL('./fixtures/cloudpaste-v0.8-full.json', import.meta.url), 'utf8'),
  ) as BackupFileJson;
}
