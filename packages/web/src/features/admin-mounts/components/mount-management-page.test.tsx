import type { MountDto, StorageConfigDto } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { MountManagementPage } from './mount-management-page';

const configs = [
  { id: 'local', name: 'Local storage', storage_type: 'LOCAL', is_default: 1 },
  { id: 'c-s3', name: 'Media bucket', storage_type: 'S3', is_default: 0 },
].map(
  (c) =>
    ({
      provider_type: 'Local',
      is_public: 0,
      total_storage_bytes: null,
      used_bytes: 0,
      endpoint_url: '',
      bucket_name: '',
      region: '',
      path_style: 0,
      default_folder: '',
      custom_host: null,
      signature_expires_in: 3600,
      has_credentials: false,
      access_key_id_masked: null,
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      last_used: null,
      ...c,
    }) as StorageConfigDto,
);

const mount = (overrides: Partial<MountDto> = {}): MountDto => ({
  id: 'm1',
  name: 'Team',
  storage_type: 'LOCAL',
  storage_config_id: 'local',
  mount_path: '/local/team',
  remark: null,
  is_active: 1,
  created_by: 'admin-1',
  sort_order: 0,
  cache_ttl: 300,
  web_proxy: 0,
  webdav_policy: '302_redirect',
  enable_sign: 0,
  sign_expires: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_used: null,
  ...overrides,
});

beforeEach(() => startAdminSession('tok'));

describe('mount management page', () => {
  it('lists mounts with storage, status, policy, flags, cache TTL and creator', async () => {
    mockApi({
      'GET /api/admin/mounts': () =>
        ok([
          mount(),
          mount({
            id: 'm2',
            name: 'Media',
            mount_path: '/s3',
            storage_type: 'S3',
            storage_config_id: 'c-s3',
            is_active: 0,
            web_proxy: 1,
            enable_sign: 1,
            sign_expires: 0,
            webdav_policy: 'native_proxy',
            cache_ttl: 0,
            created_by: 'system',
          }),
        ]),
      'GET /api/s3-configs': () => ok(configs),
    });
    renderWithApp(<MountManagementPage />);
    const team = await screen.findByRole('article', { name: 'Team' });
    expect(within(team).getByText('/local/team')).toBeInTheDocument();
    expect(within(team).getByText('Active')).toBeInTheDocument();
    expect(within(team).getByText('5 min')).toBeInTheDocument();
    expect(within(team).getByText('Administrator')).toBeInTheDocument();
    expect(await within(team).findByText('Local storage')).toBeInTheDocument();
    const media = screen.getByRole('article', { name: 'Media' });
    expect(within(media).getByText('Disabled')).toBeInTheDocument();
    expect(within(media).getByText('Web proxy')).toBeInTheDocument();
    expect(within(media).getByText('Never expires')).toBeInTheDocument();
    expect(within(media).getByText('Stream through the server')).toBeInTheDocument();
    expect(within(media).getByText('Off')).toBeInTheDocument();
    expect(within(media).getByText('System')).toBeInTheDocument();
    expect(screen.getByText('2 mounts · 1 active')).toBeInTheDocument();
    // In the server's order (sort order, then name): not re-sorted here.
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Team', 'Media']);
  });

  it('shows the empty and the error state', async () => {
    mockApi({ 'GET /api/admin/mounts': () => ok([]), 'GET /api/s3-configs': () => ok(configs) });
    const { unmount } = renderWithApp(<MountManagementPage />);
    expect(await screen.findByText('No mounts yet')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/admin/mounts': () => fail(500, 'INTERNAL', 'boom'), 'GET /api/s3-configs': () => ok(configs) });
    renderWithApp(<MountManagementPage />);
    expect(await screen.findByText('Could not load the mounts')).toBeInTheDocument();
  });

  it('creates a mount on the default config; field rules and a taken path show at their fields', async () => {
    let posts = 0;
    const requests = mockApi({
      'GET /api/admin/mounts': () => ok([]),
      'GET /api/s3-configs': () => ok(configs),
      'POST /api/admin/mounts': () =>
        ++posts === 1 ? fail(409, 'CONFLICT', 'A mount with this path already exists') : ok(mount(), 201),
    });
    const user = userEvent.setup();
    renderWithApp(<MountManagementPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Add mount' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add mount' });
    expect(within(dialog).getByLabelText(/Storage config/)).toHaveValue('local');

    await user.clear(within(dialog).getByLabelText(/Mount path/));
    await user.type(within(dialog).getByLabelText(/Mount path/), '/api/x');
    await user.click(within(dialog).getByRole('button', { name: 'Create mount' }));
    expect(within(dialog).getByText('Give a name of 1 to 50 characters')).toBeInTheDocument();
    expect(within(dialog).getByText(/not a reserved path/)).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.type(within(dialog).getByLabelText(/Name/), 'Team');
    await user.clear(within(dialog).getByLabelText(/Mount path/));
    await user.type(within(dialog).getByLabelText(/Mount path/), '/local/team');
    await user.click(within(dialog).getByRole('button', { name: 'Create mount' }));
    expect(await within(dialog).findByText('A mount with this path already exists')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create mount' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add mount' })).toBeNull());
    const body = requests.filter((r) => r.method === 'POST').at(-1)?.body;
    expect(body).toMatchObject({ name: 'Team', mount_path: '/local/team', storage_config_id: 'local', cache_ttl: 300 });
  });

  it('shows the server detail of a field at that field', async () => {
    mockApi({
      'GET /api/admin/mounts': () => ok([]),
      'GET /api/s3-configs': () => ok(configs),
      'POST /api/admin/mounts': () =>
        fail(400, 'VALIDATION_FAILED', 'Invalid', [
          { path: 'storage_config_id', message: 'The storage config does not exist' },
        ]),
    });
    const user = userEvent.setup();
    renderWithApp(<MountManagementPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Add mount' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add mount' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Team');
    await user.type(within(dialog).getByLabelText(/Mount path/), 'team');
    await user.click(within(dialog).getByRole('button', { name: 'Create mount' }));
    expect(await within(dialog).findByText('The storage config does not exist')).toBeInTheDocument();
  });

  it('says why a save or a switch failed, and when the storage configs cannot be loaded', async () => {
    let configsDown = true;
    let answer = () => fail(500, 'INTERNAL', 'Disk on fire');
    mockApi({
      'GET /api/admin/mounts': () => ok([mount()]),
      'GET /api/s3-configs': () => (configsDown ? fail(500, 'INTERNAL', 'boom') : ok(configs)),
      'POST /api/admin/mounts': () => answer(),
      'PUT /api/admin/mounts/m1': () => fail(503, 'STORAGE_UNAVAILABLE', 'Storage is down'),
    });
    const user = userEvent.setup();
    renderWithApp(<MountManagementPage />);
    await user.click(await screen.findByRole('switch', { name: 'Disable “Team”' }));
    expect(await screen.findByText('Could not disable the mount')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Add mount' })[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Add mount' });
    expect(await within(dialog).findByText('Could not load the storage configs')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    configsDown = false;
    await user.click(screen.getAllByRole('button', { name: 'Add mount' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Add mount' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Storage config/)).toHaveValue('local'));
    await user.type(within(dialog).getByLabelText(/Name/), 'Team');
    await user.type(within(dialog).getByLabelText(/Mount path/), 'team');
    await user.click(within(dialog).getByRole('button', { name: 'Create mount' }));
    expect(await within(dialog).findByText('Could not create the mount: Disk on fire')).toBeInTheDocument();
    answer = () => fail(403, 'FORBIDDEN', 'Forbidden');
    await user.click(within(dialog).getByRole('button', { name: 'Create mount' }));
    expect(await within(dialog).findByText('You have no permission to manage mounts')).toBeInTheDocument();
  });

  it('disables, edits and deletes a mount', async () => {
    const requests = mockApi({
      'GET /api/admin/mounts': () => ok([mount()]),
      'GET /api/s3-configs': () => ok(configs),
      'PUT /api/admin/mounts/m1': () => ok(mount({ is_active: 0 })),
      'DELETE /api/admin/mounts/m1': () => ok(null),
    });
    const user = userEvent.setup();
    renderWithApp(<MountManagementPage />);
    await user.click(await screen.findByRole('switch', { name: 'Disable “Team”' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ is_active: 0 }));

    await user.click(screen.getByRole('button', { name: 'Edit “Team”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit mount' });
    expect(within(dialog).getByLabelText(/Mount path/)).toHaveValue('/local/team');
    await user.clear(within(dialog).getByLabelText(/Listing cache/));
    await user.type(within(dialog).getByLabelText(/Listing cache/), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT')[1]?.body).toMatchObject({ cache_ttl: 60, name: 'Team' });

    await user.click(screen.getByRole('button', { name: 'Delete “Team”' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/the files stay in their storage/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete mount' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });
});
