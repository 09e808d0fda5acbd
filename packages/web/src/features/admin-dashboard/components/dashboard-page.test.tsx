import type { CacheStatsDto, DashboardStatsDto } from '@driftbox/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import type { ActivityChartCanvasProps } from './activity-chart-canvas';
import { DashboardPage } from './dashboard-page';

// jsdom has no canvas: the chart.js module is replaced by a probe that shows the props it was given.
vi.mock('./activity-chart-canvas', () => ({
  default: ({ type, ariaLabel, series }: ActivityChartCanvasProps) => (
    <div role="img" aria-label={ariaLabel} data-type={type} data-series={JSON.stringify(series.map((s) => s.values))} />
  ),
}));

const stats: DashboardStatsDto = {
  totalPastes: 1234,
  totalFiles: 56,
  totalApiKeys: 3,
  totalS3Configs: 2,
  totalStorageUsed: 5 * 1024 * 1024,
  s3Buckets: [
    {
      id: 's1',
      name: 'Main bucket',
      providerType: 'AWS S3',
      storageType: 'S3',
      usedStorage: 512 * 1024 * 1024,
      totalStorage: 1024 * 1024 * 1024,
      fileCount: 7,
      usagePercent: 50,
      usage: { file_count: 7, total_size: 512 * 1024 * 1024 },
      disk: null,
    },
    {
      // No quota: the server reports the disk's size (statfs) and what is free on it.
      id: 'l1',
      name: 'Local disk',
      providerType: 'LOCAL',
      storageType: 'LOCAL',
      usedStorage: 25 * 1024 ** 3,
      totalStorage: 100 * 1024 ** 3,
      fileCount: 1,
      usagePercent: 25,
      usage: { file_count: 1, total_size: 25 * 1024 ** 3 },
      disk: { total: 100 * 1024 ** 3, free: 40 * 1024 ** 3 },
    },
    {
      id: 's2',
      name: 'Unmeasured',
      providerType: 'Other S3 Compatible',
      storageType: 'S3',
      usedStorage: 2048,
      totalStorage: null,
      fileCount: 1,
      usagePercent: 0,
      usage: { file_count: 1, total_size: 2048 },
      disk: null,
    },
  ],
  lastWeekPastes: [0, 1, 2, 0, 5, 0, 1],
  lastWeekFiles: [0, 0, 1, 0, 0, 3, 0],
};

const cache: CacheStatsDto = {
  cache: { settings: 1, directory: 4 },
  system: {
    memory: { rss: 120.5, heapTotal: 60, heapUsed: 40.25, external: 1, arrayBuffers: 0.5, heapUsagePercent: 67.08 },
    uptime: 3600,
  },
  timestamp: '2026-01-01T00:00:00.000Z',
};

const version = {
  version: '1.0.0',
  name: 'driftbox',
  environment: 'test',
  storage: 'sqlite',
  nodeVersion: 'v24',
  uptime: 3720,
};

beforeEach(() => {
  startAdminSession('tok');
});

describe('dashboard', () => {
  it('shows the totals, the storage bars and a chart that switches between bar and line', async () => {
    mockApi({
      'GET /api/admin/dashboard/stats': () => ok(stats),
      'GET /api/admin/cache/stats': () => ok(cache),
      'GET /api/version': () => ok(version),
    });
    const user = userEvent.setup();
    renderWithApp(<DashboardPage />);

    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('56')).toBeInTheDocument();
    expect(screen.getByText('5.0 MB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Main bucket: 50% used' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText(/2.0 KB used · no limit/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Local disk: 25% used' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/25\.0 GB of 100\.0 GB · 40\.0 GB free on disk/)).toBeInTheDocument();
    // Our own provider is named in the page's language; a brand name is shown as it is.
    expect(screen.getByText('Local folder')).toBeInTheDocument();
    expect(screen.getByText('AWS S3')).toBeInTheDocument();
    expect(screen.queryByText('LOCAL')).toBeNull();
    // Known caches get a label; an unknown one keeps its name.
    expect(await screen.findByText('Settings')).toBeInTheDocument();
    expect(screen.getByText('directory')).toBeInTheDocument();

    const chart = await screen.findByRole('img', {
      name: /Bar chart of the last 7 days: 9 new text shares and 4 new file shares/,
    });
    expect(chart).toHaveAttribute('data-type', 'bar');
    expect(chart).toHaveAttribute('data-series', JSON.stringify([stats.lastWeekPastes, stats.lastWeekFiles]));
    const group = screen.getByRole('group', { name: 'Chart type' });
    expect(within(group).getByRole('button', { name: 'Bar' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'Line' }));
    expect(within(group).getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Bar' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: /^Line chart/ })).toHaveAttribute('data-type', 'line');

    await user.click(within(group).getByRole('button', { name: 'Bar' }));
    expect(screen.getByRole('img', { name: /^Bar chart/ })).toHaveAttribute('data-type', 'bar');
  });

  it('shows an error with retry when the statistics fail, and keeps the other cards', async () => {
    mockApi({
      'GET /api/admin/dashboard/stats': () => fail(500, 'INTERNAL', 'boom'),
      'GET /api/admin/cache/stats': () => ok(cache),
      'GET /api/version': () => ok(version),
    });
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('Could not load the statistics')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByText('1.0.0')).toBeInTheDocument();
  });

  it('clears the cache after one confirmation', async () => {
    let cleared = 0;
    mockApi({
      'GET /api/admin/dashboard/stats': () => ok(stats),
      'GET /api/admin/cache/stats': () => ok(cache),
      'GET /api/version': () => ok(version),
      'POST /api/admin/cache/clear': () => {
        cleared += 1;
        return ok({ clearedCount: 6, timestamp: '2026-01-01T00:00:00.000Z' });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('directory')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear cache' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear all caches?' });
    expect(cleared).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Clear cache' }));
    expect(await screen.findByText('Cleared 6 cache entries')).toBeInTheDocument();
    expect(cleared).toBe(1);
  });
});
