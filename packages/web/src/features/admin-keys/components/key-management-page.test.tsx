import { Permission, ROLE_PRESETS, type ApiKeyDto } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { KeyManagementPage } from './key-management-page';

const PERMISSION_LABELS = [
  'Text share',
  'File share',
  'Mount view',
  'Mount upload',
  'Mount copy',
  'Mount rename',
  'Mount delete',
  'WebDAV read',
  'WebDAV manage',
];

const key = (overrides: Partial<ApiKeyDto> = {}): ApiKeyDto => ({
  id: 'k1',
  name: 'laptop',
  key_masked: 'abcdef...',
  permissions: Permission.TEXT,
  permission_names: ['TEXT'],
  role: 'GENERAL',
  basic_path: '/',
  is_guest: 0,
  is_enable: 1,
  expires_at: null,
  last_used: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function checked(label: string): boolean {
  return screen.getByRole('checkbox', { name: label }).getAttribute('aria-checked') === 'true';
}

beforeEach(() => {
  startAdminSession('tok');
});

describe('key form dialog', () => {
  it('role presets set the permission checkboxes', async () => {
    mockApi({ 'GET /api/admin/api-keys': () => ok([]) });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Create key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });

    // Default GENERAL preset.
    expect(PERMISSION_LABELS.filter(checked)).toEqual([
      'Text share',
      'File share',
      'Mount view',
      'Mount upload',
      'WebDAV read',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Guest' }));
    expect(PERMISSION_LABELS.filter(checked)).toEqual(['Mount view']);
    expect(checked('Guest key')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Admin' }));
    expect(PERMISSION_LABELS.filter(checked)).toEqual(PERMISSION_LABELS);

    // Labels toggle their checkbox (forms are driven by label, like the e2e tests).
    await user.click(screen.getByText('WebDAV manage'));
    expect(checked('WebDAV manage')).toBe(false);
  });

  it('custom expiry requires days; the created key is shown once with its secret', async () => {
    let created: RecordedRequest | undefined;
    mockApi({
      'GET /api/admin/api-keys': () => ok([]),
      'POST /api/admin/api-keys': (request) => {
        created = request;
        return ok({ ...key({ name: 'ci' }), key: 'full-secret-key-value' }, 201);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Create key' }))[0]!);
    await user.type(await screen.findByLabelText('Name'), 'ci');
    await user.selectOptions(screen.getByLabelText('Expiry'), 'custom');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter the number of days')).toBeInTheDocument();
    expect(created).toBeUndefined();

    await user.type(screen.getByLabelText('Days'), '3');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'Key “ci” created' });
    expect(screen.getByDisplayValue('full-secret-key-value')).toBeInTheDocument();

    const body = created?.body as { expires_at: string; permissions: number; name: string };
    expect(body.name).toBe('ci');
    expect(body.permissions).toBe(ROLE_PRESETS.GENERAL);
    const expires = Date.parse(body.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
    expect(expires - before).toBeLessThan(3 * 86_400_000 + 60_000);
  });

  it('puts NAME_TAKEN on the name field', async () => {
    mockApi({
      'GET /api/admin/api-keys': () => ok([]),
      'POST /api/admin/api-keys': () => fail(409, 'NAME_TAKEN', 'name exists'),
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Create key' }))[0]!);
    const name = await screen.findByLabelText('Name');
    await user.type(name, 'dup');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This name is already taken')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('key list', () => {
  it('shows the keys with translated permissions, and an error state with retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/admin/api-keys': () => {
        calls += 1;
        return calls === 1
          ? fail(500, 'INTERNAL', 'boom')
          : // The server's list carries each full `key` (for the original's client); the page shows the mask only.
            ok([
              {
                ...key({
                  expires_at: '2000-01-01T00:00:00.000Z',
                  permissions: Permission.TEXT | Permission.MOUNT_VIEW,
                }),
                key: 'abcdef-the-full-secret',
              },
            ]);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    expect(await screen.findByText('Could not load the key list')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const row = (await screen.findByText('laptop')).closest('tr')!;
    expect(within(row).getByText('Text share')).toBeInTheDocument();
    expect(within(row).getByText('Mount view')).toBeInTheDocument();
    expect(within(row).getByText('Expired')).toBeInTheDocument();
    expect(within(row).getByText('abcdef...')).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('the-full-secret');
  });

  it('bulk delete says "none selected" when nothing is selected, and asks once before deleting', async () => {
    let deleted: unknown;
    mockApi({
      'GET /api/admin/api-keys': () => ok([key(), key({ id: 'k2', name: 'phone' })]),
      'DELETE /api/admin/api-keys': (request) => {
        deleted = request.body;
        return ok(null);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await screen.findByText('phone');
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('No keys selected')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all keys' }));
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 keys?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual({ ids: ['k1', 'k2'] }));
  });

  it('shows a disabled key as disabled and enables it through the update route (is_enable)', async () => {
    const sent: unknown[] = [];
    let enabled = 0;
    mockApi({
      'GET /api/admin/api-keys': () => ok([key({ is_enable: enabled })]),
      'PUT /api/admin/api-keys/k1': (request) => {
        sent.push(request.body);
        enabled = 1;
        return ok(null);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    expect((await screen.findAllByText('Disabled')).length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: 'Enable key laptop' })[0]!);
    await waitFor(() => expect(sent).toEqual([{ is_enable: 1 }]));
    expect(await screen.findByText('Key laptop enabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByText('Disabled')).toHaveLength(0));
    expect(screen.getAllByRole('button', { name: 'Disable key laptop' }).length).toBeGreaterThan(0);
  });

  it('edits a key without touching its expiry unless asked', async () => {
    let sent: RecordedRequest | undefined;
    mockApi({
      'GET /api/admin/api-keys': () => ok([key({ expires_at: '2030-01-01T00:00:00.000Z' })]),
      'PUT /api/admin/api-keys/k1': (request) => {
        sent = request;
        return ok(null);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit key laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API key' });
    expect(within(dialog).queryByLabelText('Custom key')).toBeNull();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'laptop 2');
    await user.click(within(dialog).getByText('File share'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent?.body).toEqual({
        name: 'laptop 2',
        permissions: Permission.TEXT | Permission.FILE_SHARE,
        role: 'GENERAL',
        basic_path: '/',
        is_guest: 0,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('copies the full key fetched on demand, and says so when copying fails', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    let secretCalls = 0;
    mockApi({
      'GET /api/admin/api-keys': () => ok([key()]),
      'GET /api/admin/api-keys/k1': () => {
        secretCalls += 1;
        return secretCalls === 1 ? ok({ ...key(), key: 'the-full-secret' }) : fail(404, 'NOT_FOUND', 'gone');
      },
    });
    const user = userEvent.setup();
    // After setup(): user-event installs its own clipboard stub.
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<KeyManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Copy key laptop' }));
    expect(await screen.findByText('Key copied to the clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('the-full-secret');

    await user.click(screen.getByRole('button', { name: 'Copy key laptop' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  });

  it('deletes one key after confirming once', async () => {
    const requests = mockApi({
      'GET /api/admin/api-keys': () => ok([key()]),
      'DELETE /api/admin/api-keys/k1': () => ok(null),
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete key laptop' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete key “laptop”?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/admin/api-keys/k1']),
    );
    expect(await screen.findByText('Key “laptop” deleted')).toBeInTheDocument();
  });
});
