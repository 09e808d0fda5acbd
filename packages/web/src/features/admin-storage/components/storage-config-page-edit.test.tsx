import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { StorageConfigPage } from './storage-config-page';
import { GiB, config, r2 } from './storage-fixtures.test-support';

beforeEach(() => {
  startAdminSession('tok');
});

describe('storage config page: editing, deleting, the default', () => {
  it('editing with an empty secret sends no credentials', async () => {
    let updated: RecordedRequest | undefined;
    mockApi({
      'GET /api/s3-configs': () => ok([config(), r2]),
      'PUT /api/s3-configs/r2': (request) => {
        updated = request;
        return ok(r2);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit “Media bucket”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit storage' });
    const secret = within(dialog).getByLabelText('Secret access key');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', 'Unchanged — leave empty to keep');
    expect(within(dialog).getByText('Current key: ••••WXYZ')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Total capacity')).toHaveValue('10');

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Media');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updated).toBeDefined());
    const body = updated?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('secret_access_key');
    expect(body).not.toHaveProperty('access_key_id');
    expect(body).toMatchObject({ name: 'Media', bucket_name: 'media', signature_expires_in: 7200, is_public: 1 });
    // The capacity was left as shown: it is not sent back.
    expect(body).not.toHaveProperty('total_storage_bytes');
  });

  it('editing a LOCAL config speaks of a folder, not credentials; its empty capacity means no limit', async () => {
    let updated: RecordedRequest | undefined;
    mockApi({
      'GET /api/s3-configs': () => ok([config({ total_storage_bytes: 5 * GiB }), r2]),
      'PUT /api/s3-configs/local': (request) => {
        updated = request;
        return ok(config());
      },
    });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit “Local storage”' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit storage' });
    expect(dialog).toHaveAccessibleDescription(
      'Files are kept in a folder in the server’s data directory; no credentials needed.',
    );
    expect(within(dialog).queryByText(/Credentials are stored/)).toBeNull();
    expect(within(dialog).getByText('Empty for no limit.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/provider's default/)).toBeNull();

    await user.clear(within(dialog).getByLabelText('Total capacity'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updated?.body).toEqual({
        name: 'Local storage',
        is_public: 0,
        signature_expires_in: 3600,
        total_storage_bytes: null,
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Edit “Media bucket”' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit storage' });
    expect(dialog).toHaveAccessibleDescription('Credentials are stored encrypted and never shown again.');
    expect(within(dialog).getByText("Empty for the provider's default.")).toBeInTheDocument();
  });

  it('a 409 on delete shows the translated reason', async () => {
    let deleted = 0;
    mockApi({
      // Shares of empty files only: nothing stored, so the card cannot tell; the server's refusal says it.
      'GET /api/s3-configs': () => ok([config(), { ...r2, used_bytes: 0 }]),
      'DELETE /api/s3-configs/r2': () => {
        deleted += 1;
        return fail(409, 'CONFLICT', '3 file share(s) still use this storage config');
      },
    });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete “Media bucket”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Media bucket”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File shares still use this storage config; delete them first')).toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  it('does not offer to delete the default config, nor one files are stored in: the button says why and asks nothing', async () => {
    const requests = mockApi({ 'GET /api/s3-configs': () => ok([config(), r2]) });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    const remove = await screen.findByRole('button', { name: 'Delete “Local storage”' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(
      'The default storage config cannot be deleted; set another as default first',
    );
    await user.click(remove);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    const used = screen.getByRole('button', { name: 'Delete “Media bucket”' });
    expect(used).toHaveAttribute('aria-disabled', 'true');
    expect(used).toHaveAccessibleDescription('File shares still use this storage config; delete them first');
  });

  it('sets another config as default', async () => {
    const requests = mockApi({
      'GET /api/s3-configs': () => ok([config(), r2]),
      'PUT /api/s3-configs/r2/set-default': () => ok({ ...r2, is_default: 1 }),
    });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    await user.click(await screen.findByRole('button', { name: 'Set “Media bucket” as default' }));
    expect(await screen.findByText('“Media bucket” is now the default storage')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual(['/api/s3-configs/r2/set-default']);
  });
});
