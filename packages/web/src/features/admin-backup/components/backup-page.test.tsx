import type { BackupModulesDto, BackupPreviewDto, BackupRestoreResultDto } from '@driftbox/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { BackupPage } from './backup-page';

const modules: BackupModulesDto = {
  modules: {
    text_management: {
      name: 'Text shares',
      description: 'Pastes',
      tables: ['pastes'],
      table_counts: { pastes: 2 },
      record_count: 2,
    },
    key_management: {
      name: 'API keys',
      description: 'Keys',
      tables: ['api_keys'],
      table_counts: { api_keys: 1 },
      record_count: 1,
    },
  },
};

const backupFile = {
  metadata: { format: 'driftbox-backup', version: 1 },
  data: { pastes: [{ id: 'p1', slug: 'hello' }] },
};

const preview: BackupPreviewDto = {
  source: 'driftbox',
  mode: 'overwrite',
  backup_info: { backup_type: 'full', timestamp: '2026-01-01T00:00:00.000Z', version: '1.0.0', selected_modules: null },
  tables: { pastes: { rows: 1, insert: 1, update: 0, unchanged: 0, skip: 0, delete: 3 } },
  settings_changes: [],
  skipped: [],
};

const restored: BackupRestoreResultDto = {
  ...preview,
  restored_tables: ['pastes'],
  total_records: 1,
  results: { pastes: { success: 1, ignored: 0, failed: 0, expected: 1 } },
};

const jsonFile = (content: string) => new File([content], 'backup.json', { type: 'application/json' });

beforeEach(() => {
  startAdminSession('tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('create backup', () => {
  it('needs at least one module, then downloads the file with the auth header', async () => {
    const createObjectURL = vi.fn(() => 'blob:backup');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const requests = mockApi({
      'GET /api/admin/backup/modules': () => ok(modules),
      'POST /api/admin/backup/create': () =>
        new Response(JSON.stringify(backupFile), {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="driftbox-backup-x.json"' },
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<BackupPage />);

    await user.click(screen.getByRole('radio', { name: /By module/ }));
    await user.click(screen.getByRole('button', { name: 'Create backup' }));
    expect(await screen.findByText('Select at least one module')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(await screen.findByRole('checkbox', { name: 'API keys' }));
    await user.click(screen.getByRole('button', { name: 'Create backup' }));
    expect(await screen.findByText('Backup downloaded')).toBeInTheDocument();
    const create = requests.find((r) => r.url === '/api/admin/backup/create');
    expect(create?.body).toEqual({ backup_type: 'modules', selected_modules: ['key_management'] });
    expect(create?.headers.Authorization).toBe('Bearer tok');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('driftbox-backup-x.json');
    click.mockRestore();
  });
});

describe('restore backup', () => {
  it('refuses a file that is not JSON or not a backup before any upload', async () => {
    const requests = mockApi({ 'GET /api/admin/backup/modules': () => ok(modules) });
    const user = userEvent.setup();
    renderWithApp(<BackupPage />);
    const input = screen.getByLabelText('Backup file');

    await user.upload(input, jsonFile('{oops'));
    expect(await screen.findByText('Parse failed: the file is not valid JSON')).toBeInTheDocument();
    await user.upload(input, jsonFile('{"hello": 1}'));
    expect(await screen.findByText('Invalid backup file: it needs metadata and data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('previews the per-table changes, then restores after one confirmation', async () => {
    const posted: RecordedRequest[] = [];
    mockApi({
      'GET /api/admin/backup/modules': () => ok(modules),
      'POST /api/admin/backup/preview': (request) => {
        posted.push(request);
        return ok(preview);
      },
      'POST /api/admin/backup/restore': (request) => {
        posted.push(request);
        return ok(restored);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<BackupPage />);
    await user.upload(screen.getByLabelText('Backup file'), jsonFile(JSON.stringify(backupFile)));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const table = await screen.findByRole('table', { name: 'Changes' });
    const row = within(table).getByRole('row', { name: /pastes/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['pastes', '1', '1', '0', '0', '0', '3']);
    expect(posted[0]?.body).toEqual({ mode: 'overwrite', backup: backupFile });

    await user.click(screen.getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore this backup?' });
    expect(dialog).toHaveTextContent('Overwrite replaces the current data in 1 tables');
    expect(posted).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Backup restored: 1 records in 1 tables')).toBeInTheDocument();
    expect(posted[1]?.url).toBe('/api/admin/backup/restore');
    expect(posted[1]?.body).toEqual({ mode: 'overwrite', backup: backupFile });
  });

  it("sends the original's ENCRYPTION_SECRET and shows changed settings and what is not imported, with why", async () => {
    const posted: RecordedRequest[] = [];
    const legacyPreview: BackupPreviewDto = {
      ...preview,
      source: 'cloudpaste',
      mode: 'merge',
      settings_changes: [{ key: 'site_title', from: 'Driftbox', to: 'BK 迁移测试站' }],
      skipped: [
        { table: 'admins', rows: 1, reason: 'Accounts are not imported' },
        { table: 'system_settings.preview_providers', rows: 1, reason: "The original's preview rules (v1.x)" },
      ],
    };
    mockApi({
      'GET /api/admin/backup/modules': () => ok(modules),
      'POST /api/admin/backup/preview': (request) => {
        posted.push(request);
        return ok(legacyPreview);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<BackupPage />);
    await user.upload(screen.getByLabelText('Backup file'), jsonFile(JSON.stringify(backupFile)));
    await user.click(screen.getByRole('radio', { name: /Merge/ }));
    await user.type(screen.getByLabelText("Original product's ENCRYPTION_SECRET (optional)"), 'bk-secret-123');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const settings = await screen.findByRole('table', { name: 'Settings that change' });
    const cells = (name: RegExp) =>
      [...within(settings).getByRole('row', { name }).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells(/site_title/)).toEqual(['site_title', 'Driftbox', 'BK 迁移测试站']);
    const skipped = screen.getByRole('table', { name: 'Not imported' });
    expect(within(skipped).getByRole('row', { name: /preview_providers/ })).toHaveTextContent(
      "The original's preview rules (v1.x)",
    );
    expect(within(skipped).getByRole('row', { name: /admins/ })).toHaveTextContent('Accounts are not imported');
    expect(posted[0]?.body).toEqual({ mode: 'merge', backup: backupFile, legacy_encryption_secret: 'bk-secret-123' });
  });

  it('translates the server refusals of a restore', async () => {
    mockApi({
      'GET /api/admin/backup/modules': () => ok(modules),
      'POST /api/admin/backup/preview': () => ok({ ...preview, mode: 'merge' }),
      'POST /api/admin/backup/restore': () => fail(400, 'BACKUP_CHECKSUM', 'checksum mismatch'),
    });
    const user = userEvent.setup();
    renderWithApp(<BackupPage />);
    await user.upload(screen.getByLabelText('Backup file'), jsonFile(JSON.stringify(backupFile)));
    await user.click(screen.getByRole('radio', { name: /Merge/ }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Merge adds the missing rows');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(
      await screen.findByText('Restore failed: The backup file failed its checksum: it was changed or damaged'),
    ).toBeInTheDocument();
  });

  it('translates an invalid backup refused at preview', async () => {
    mockApi({
      'GET /api/admin/backup/modules': () => ok(modules),
      'POST /api/admin/backup/preview': () => fail(400, 'BACKUP_INVALID', 'bad rows'),
    });
    const user = userEvent.setup();
    renderWithApp(<BackupPage />);
    await user.upload(screen.getByLabelText('Backup file'), jsonFile(JSON.stringify(backupFile)));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Preview failed: The backup file is invalid or incomplete')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
