import { Permission } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { FileManagementPage } from './file-management-page';
import { lists, openEdit, page, retype, row, rowOf } from './file-management-page.test-support';

beforeEach(() => {
  startAdminSession('tok');
});

describe('file management', () => {
  it('edits remark, max views, password and proxy mode, sending only the changes', async () => {
    const requests = mockApi({
      'GET /api/files': () => page([row(1, { has_password: true, max_views: 3, views: 1 })]),
      'PUT /api/files/f1': () =>
        ok({
          ...row(1),
          url: 'u',
          preview_url: 'p',
          download_url: 'd',
          previewUrl: 'p',
          downloadUrl: 'd',
          proxy_preview_url: 'p',
          proxy_download_url: 'd',
          urls: { previewUrl: 'p', downloadUrl: 'd', proxyPreviewUrl: 'p', proxyDownloadUrl: 'd', use_proxy: 1 },
        }),
    });
    const dialog = await openEdit('file1.png');
    await retype(within(dialog).getByLabelText('Remark'), 'new remark');
    await retype(within(dialog).getByLabelText('Max views'), '10');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Remove the password' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Serve through the server' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      remark: 'new remark',
      max_views: 10,
      clear_password: true,
      use_proxy: false,
    });
  });

  it('offers "Never" once: as the kept expiry of a share that never expires, as a choice for one that does', async () => {
    mockApi({
      'GET /api/files': () => page([row(1, { expires_at: null }), row(2, { expires_at: '2030-01-01T00:00:00.000Z' })]),
    });
    let dialog = await openEdit('file1.png');
    const labels = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(labels(within(dialog).getByLabelText('Expiry'))).toEqual([
      'Keep (Never)',
      '1 hour from now',
      '1 day from now',
      '7 days from now',
      '30 days from now',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openEdit('file2.png');
    expect(labels(within(dialog).getByLabelText('Expiry')).at(-1)).toBe('Never');
  });

  it('says the largest max views allowed when the edit goes above it', async () => {
    const requests = mockApi({ 'GET /api/files': () => page([row(1)]) });
    const dialog = await openEdit('file1.png');
    await retype(within(dialog).getByLabelText('Max views'), '1000000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('A whole number from 0 to 1,000,000,000')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the server’s field errors in the edit dialog', async () => {
    mockApi({
      'GET /api/files': () => page([row(1)]),
      'PUT /api/files/f1': (r) =>
        (r.body as { slug?: string }).slug === 'taken'
          ? fail(409, 'SLUG_TAKEN', 'taken')
          : fail(400, 'VALIDATION_FAILED', 'bad', [{ path: 'remark', message: 'Remark refused by the server' }]),
    });
    const dialog = await openEdit('file1.png');
    const slug = within(dialog).getByLabelText('Link suffix');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'bad slug!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Only letters, digits, - and _')).toBeInTheDocument();
    await userEvent.clear(slug);
    await userEvent.type(slug, 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This link suffix is already taken, try another')).toBeInTheDocument();
    await userEvent.clear(slug);
    await userEvent.type(slug, 'slug1');
    await userEvent.type(within(dialog).getByLabelText('Remark'), '!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Remark refused by the server')).toBeInTheDocument();
  });

  it('deletes one share with the chosen mode, and several with batch delete', async () => {
    const requests = mockApi({
      'GET /api/files': () => page([row(1, { storage_type: 'S3', provider_type: 'Cloudflare R2' }), row(2), row(3)]),
      'DELETE /api/files/batch-delete': (r) =>
        ok({ deleted: (r.body as { ids: string[] }).ids.length, success: 1, failed: [] }),
    });
    renderWithApp(<FileManagementPage />);
    await rowOf('file1.png');
    await userEvent.click(screen.getByRole('button', { name: 'Delete file1.png' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete “file1.png”?' });
    expect(within(dialog).getByRole('radio', { name: /Share and stored file/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Share only/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')[0]?.body).toEqual({ ids: ['f1'], delete_mode: 'record_only' });

    await userEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('Select at least one file first')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select file2.png' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select file3.png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete 2 files?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'DELETE')[1]?.body).toEqual({ ids: ['f2', 'f3'], delete_mode: 'both' });
  });

  it('works for an API key with FILE_SHARE (the server scopes the list to its own shares)', async () => {
    startApiKeySession('key-1', Permission.FILE_SHARE | Permission.FILE_MANAGE, {
      id: 'k1',
      name: 'laptop',
      basic_path: '/',
      expires_at: null,
    });
    const requests = mockApi({
      'GET /api/files': () => page([row(1, { created_by: 'apikey:k1', key_name: 'laptop' })]),
    });
    renderWithApp(<FileManagementPage />);
    await rowOf('file1.png');
    expect(lists(requests)[0]?.headers.Authorization).toBe('ApiKey key-1');
    expect(screen.getByText(/^Your shared files/)).toBeInTheDocument();
    expect(screen.queryByText(/^Every shared file/)).toBeNull();
  });
});
