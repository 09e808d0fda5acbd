import type { DashboardStatsDto } from '@driftbox/contract';
import { statfs } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { shareRow } from '../files/files.test-support.js';
import { seedPaste } from '../pastes/pastes.test-support.js';
import { createDashboardService, lastDays } from './dashboard.service.js';
import type { FileStatsPort } from './file-stats.port.js';

const GiB = 1024 ** 3;

describe.each(dialects)('dashboard (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const stats = async () => {
    const res = await h.call('GET', '/api/admin/dashboard/stats', { headers: h.actors.admin() });
    expect(res.status, res.text).toBe(200);
    return res.body.data as DashboardStatsDto;
  };

  /** The size of the file system under DATA_DIR, where the LOCAL config keeps its objects. */
  const diskSize = async () => {
    const fs = await statfs(h.config.dataDir);
    return fs.blocks * fs.bsize;
  };

  /** Creates a paste through the API at `when` (the injected clock). */
  const pasteAt = async (when: string) => {
    h.clock.set(when);
    await seedPaste(h);
  };

  it('counts pastes per UTC day for the last 7 days, oldest first, ending today', async () => {
    await pasteAt('2025-12-25T23:59:59.999Z'); // a day before the window
    await pasteAt('2025-12-26T00:00:00.000Z'); // its first instant
    await pasteAt('2025-12-31T08:00:00.000Z');
    await pasteAt('2025-12-31T22:00:00.000Z');
    await pasteAt('2026-01-01T00:30:00.000Z');
    h.clock.set('2026-01-01T23:00:00.000Z');
    const data = await stats();
    expect(data.lastWeekPastes).toEqual([1, 0, 0, 0, 0, 2, 1]);
    expect(data.lastWeekFiles).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(data.totalPastes).toBe(5);

    // A day later the window moves on (the service directly: the harness session lasts one day).
    h.clock.set('2026-01-02T00:00:00.000Z');
    expect((await h.services.dashboard.stats(h.adminActor)).lastWeekPastes).toEqual([0, 0, 0, 0, 2, 1, 0]);
  });

  it('totals keys and storage configs, and lists each config against its quota', async () => {
    await h.createKey(1);
    await h.createKey(2);
    const created = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: {
        name: 'r2',
        provider_type: 'Cloudflare R2',
        endpoint_url: 'https://a.r2.cloudflarestorage.com',
        bucket_name: 'bucket',
        access_key_id: 'AKIAEXAMPLE',
        secret_access_key: 'secret',
      },
    });
    expect(created.status).toBe(201);
    const data = await stats();
    expect(data).toMatchObject({ totalApiKeys: 2, totalS3Configs: 2, totalFiles: 0, totalStorageUsed: 0 });
    const disk = await diskSize();
    expect(disk).toBeGreaterThan(0);
    expect(data.s3Buckets).toEqual([
      {
        id: 'local',
        name: 'Local storage',
        providerType: 'Local',
        storageType: 'LOCAL',
        usedStorage: 0,
        // No quota: the file system's size (statfs), and what is free on it.
        totalStorage: disk,
        fileCount: 0,
        usagePercent: 0,
        usage: { file_count: 0, total_size: 0 },
        disk: { total: disk, free: expect.any(Number) },
      },
      {
        id: expect.any(String),
        name: 'r2',
        providerType: 'Cloudflare R2',
        storageType: 'S3',
        usedStorage: 0,
        totalStorage: 10 * GiB,
        fileCount: 0,
        usagePercent: 0,
        usage: { file_count: 0, total_size: 0 },
        disk: null,
      },
    ]);
    expect(data.s3Buckets[0]?.disk?.free).toBeGreaterThan(0);
    expect(data.s3Buckets[0]?.disk?.free).toBeLessThanOrEqual(disk);
  });

  it('counts active file shares through the files module: totals, bytes per config, per day', async () => {
    const share = (id: string, status: 'active' | 'pending', createdAt: string) =>
      shareRow(h, {
        id,
        slug: id,
        filename: `${id}.bin`,
        storage_path: `shares/${id}`,
        mimetype: 'application/octet-stream',
        size: GiB,
        status,
        created_at: createdAt,
      });
    await h.db
      .insertInto('files')
      .values([
        share('old', 'active', '2025-12-01T00:00:00.000Z'),
        share('new', 'active', '2025-12-31T12:00:00.000Z'),
        share('half', 'pending', '2026-01-01T00:00:00.000Z'),
      ])
      .execute();
    const data = await stats();
    expect(data).toMatchObject({ totalFiles: 2, totalStorageUsed: 2 * GiB, lastWeekFiles: [0, 0, 0, 0, 0, 1, 0] });
    const disk = await diskSize();
    expect(data.s3Buckets[0]).toMatchObject({
      id: 'local',
      usedStorage: 2 * GiB,
      fileCount: 2,
      totalStorage: disk,
      usagePercent: Math.round(((2 * GiB) / disk) * 10_000) / 100,
      usage: { file_count: 2, total_size: 2 * GiB },
    });
  });

  it('takes file figures from the files port: totals, per config, per day', async () => {
    const files: FileStatsPort = {
      totals: async () => ({ files: 3, bytes: 3 * GiB, byConfig: new Map([['local', { files: 3, bytes: 3 * GiB }]]) }),
      createdPerDay: async (since) => {
        expect(since).toBe('2025-12-26T00:00:00.000Z');
        return new Map([
          ['2025-12-27', 2],
          ['2026-01-01', 1],
          ['2025-12-20', 9],
        ]);
      },
    };
    await h.db
      .updateTable('storage_configs')
      .set({ total_storage_bytes: 8 * GiB })
      .where('id', '=', 'local')
      .execute();
    const stores = { localDiskSpace: async () => ({ total: 100 * GiB, free: 50 * GiB }) };
    const data = await createDashboardService({ db: h.db, clock: h.clock, files, stores }).stats(h.adminActor);
    expect(data).toMatchObject({ totalFiles: 3, totalStorageUsed: 3 * GiB, lastWeekFiles: [0, 2, 0, 0, 0, 0, 1] });
    expect(data.s3Buckets[0]).toMatchObject({
      id: 'local',
      usedStorage: 3 * GiB,
      // A quota wins over the file system's size; the disk figures are still reported.
      totalStorage: 8 * GiB,
      fileCount: 3,
      usagePercent: 37.5,
      disk: { total: 100 * GiB, free: 50 * GiB },
    });
  });
});

describe('lastDays', () => {
  it('gives the UTC days ending with the day of now, across month and year ends', () => {
    expect(lastDays(new Date('2024-03-01T05:00:00Z'), 3)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(lastDays(new Date('2026-01-01T23:59:59.999+00:00'), 2)).toEqual(['2025-12-31', '2026-01-01']);
  });
});
