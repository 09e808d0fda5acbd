import type { BackupPreviewDto, MountDto } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, dialects, type Harness } from '../../test/harness.js';
import { canonicalJson, sha256Text } from './backup.format.js';
import { legacyFixture, sendBackup, type BackupFileJson } from './backup.test-support.js';

describe.each(dialects)("importing the original product's mounts (%s)", (dialect) => {
  let h: Harness;
  let file: BackupFileJson;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    file = legacyFixture();
  });
  afterEach(async () => {
    await h.close();
  });

  /** The fixture with more mounts, sealed with the original's 16-digit checksum. */
  const withMounts = (extra: Record<string, unknown>[]): BackupFileJson => {
    const [base] = file.data.storage_mounts as Record<string, unknown>[];
    const data = {
      ...file.data,
      storage_mounts: [base!, ...extra.map((m, i) => ({ ...base, id: `extra-${i}`, ...m }))],
    };
    const metadata = { ...file.metadata, tables: { ...file.metadata.tables, storage_mounts: 1 + extra.length } };
    return { metadata: { ...metadata, checksum: sha256Text(canonicalJson(data)).slice(0, 16) }, data };
  };

  it('imports a mount with its fields, owned by the importing admin, on its imported S3 config', async () => {
    const res = await sendBackup(h, 'restore', file, 'overwrite');
    expect(res.status, res.text).toBe(200);
    const mounts = await h.call('GET', '/api/admin/mounts', { headers: h.actors.admin() });
    expect(mounts.body.data as MountDto[]).toEqual([
      {
        id: 'mount-legacy-1',
        name: 'photos',
        storage_type: 'S3',
        storage_config_id: 's3-legacy-r2',
        mount_path: '/photos',
        remark: null,
        is_active: 1,
        created_by: h.adminActor.id,
        sort_order: 0,
        cache_ttl: 300,
        web_proxy: 0,
        webdav_policy: '302_redirect',
        enable_sign: 0,
        sign_expires: null,
        created_at: '2025-01-04T00:00:00.000Z',
        updated_at: '2025-01-04T00:00:00.000Z',
        last_used: null,
      },
    ]);
    // The imported config is now in use by the mount: deleting it is refused.
    expect((await h.call('DELETE', '/api/s3-configs/s3-legacy-r2', { headers: h.actors.admin() })).status).toBe(409);
  });

  it('leaves out, and reports, mounts Driftbox cannot take; fixes what it can', async () => {
    const res = await sendBackup(
      h,
      'preview',
      withMounts([
        { mount_path: '/my.photos' },
        { mount_path: '/api' },
        { mount_path: '/photos' },
        { mount_path: '/elsewhere', storage_config_id: 'not-in-the-file' },
        { mount_path: '/ok', cache_ttl: 999_999, webdav_policy: 'weird', is_active: 'false' },
      ]),
      'merge',
    );
    expect(res.status, res.text).toBe(200);
    const preview = res.body.data as BackupPreviewDto;
    expect(preview.tables.storage_mounts).toMatchObject({ rows: 2, insert: 2 });
    expect(preview.skipped.find((s) => s.table === 'storage_mounts')).toEqual({
      table: 'storage_mounts',
      rows: 4,
      reason: expect.stringContaining('Mounts whose path Driftbox does not accept'),
    });
  });
});
