import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { StorageConfigPage } from './storage-config-page';
import { config, r2 } from './storage-fixtures.test-support';

beforeEach(() => {
  startAdminSession('tok');
});

/** Opens Add storage on the page and starts a local folder named Archive: the dialog and the user. */
async function openLocalForm() {
  const user = userEvent.setup();
  renderWithApp(<StorageConfigPage />);
  await screen.findByRole('button', { name: 'Add storage' });
  return { user, dialog: await fillLocalForm(user) };
}

/** Add storage → Local folder → name Archive, on a page already shown. */
async function fillLocalForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add storage' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add storage' });
  await user.click(within(dialog).getByRole('button', { name: 'Local folder' }));
  await user.type(within(dialog).getByLabelText('Name'), 'Archive');
  return dialog;
}

describe('storage config page', () => {
  it('lists configs with badges, bucket, usage and signature lifetime', async () => {
    mockApi({ 'GET /api/s3-configs': () => ok([config(), r2]) });
    renderWithApp(<StorageConfigPage />);

    const local = await screen.findByRole('article', { name: 'Local storage' });
    expect(within(local).getByText('Default')).toBeInTheDocument();
    expect(within(local).getByText('Local folder')).toBeInTheDocument();
    expect(within(local).queryByText('Usable by API keys')).not.toBeInTheDocument();
    expect(within(local).queryByRole('button', { name: 'Set “Local storage” as default' })).not.toBeInTheDocument();
    // No quota: the used amount and "no limit", not an empty bar that reads as 0 %.
    expect(within(local).getByText('0 B used · no limit')).toBeInTheDocument();
    expect(within(local).queryByRole('progressbar')).toBeNull();

    const bucket = screen.getByRole('article', { name: 'Media bucket' });
    expect(within(bucket).getByText('S3 · Cloudflare R2')).toBeInTheDocument();
    expect(within(bucket).getByText('Usable by API keys')).toBeInTheDocument();
    expect(within(bucket).queryByText('Default')).not.toBeInTheDocument();
    expect(within(bucket).getByText('media')).toBeInTheDocument();
    expect(within(bucket).getByText('https://acc.r2.cloudflarestorage.com')).toBeInTheDocument();
    expect(within(bucket).getByText('2 h')).toBeInTheDocument();
    const usage = within(bucket).getByRole('progressbar', { name: 'Usage' });
    expect(usage).toHaveAttribute('aria-valuenow', '25');
    expect(usage).toHaveAttribute('aria-valuetext', '2.5 GB of 10.0 GB');
    expect(within(bucket).getByRole('button', { name: 'Set “Media bucket” as default' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET /api/s3-configs': () => ok([]) });
    renderWithApp(<StorageConfigPage />);
    expect(await screen.findByText('No storage configs yet')).toBeInTheDocument();
  });

  it('shows a load error', async () => {
    mockApi({ 'GET /api/s3-configs': () => fail(500, 'INTERNAL') });
    renderWithApp(<StorageConfigPage />);
    expect(await screen.findByText('Could not load the storage configs')).toBeInTheDocument();
    expect(screen.getByText('Server error, please try again later')).toBeInTheDocument();
  });

  it('creates an S3 config with the body the contract expects', async () => {
    let created: RecordedRequest | undefined;
    mockApi({
      'GET /api/s3-configs': () => ok([config()]),
      'POST /api/s3-configs': (request) => {
        created = request;
        return ok(config({ id: 'b2', name: 'Backups', storage_type: 'S3' }), 201);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    await user.click(await screen.findByRole('button', { name: 'Add storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add storage' });

    await user.type(within(dialog).getByLabelText('Name'), 'Backups');
    await user.selectOptions(within(dialog).getByLabelText('Provider'), 'Backblaze B2');
    expect(within(dialog).getByText(/Backblaze B2 needs extra headers/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveAttribute(
      'placeholder',
      'https://s3.us-west-004.backblazeb2.com',
    );

    // Missing required fields are caught before any request, with translated messages.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter the endpoint URL for this provider')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the secret access key')).toBeInTheDocument();
    expect(created).toBeUndefined();

    // Pasted, not typed key by key: a hundred keystrokes' re-renders timed out on a loaded machine.
    const paste = async (label: string, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await paste('Endpoint URL', 'https://s3.us-west-004.backblazeb2.com/');
    await paste('Region', 'us-west-004');
    await paste('Bucket', 'my-backups');
    await paste('Access key ID', 'AKID1234');
    await paste('Secret access key', 's3cret');
    await paste('Default folder', 'uploads/2026');
    await user.clear(within(dialog).getByLabelText('Signed URL lifetime (seconds)'));
    await user.type(within(dialog).getByLabelText('Signed URL lifetime (seconds)'), '900');
    await user.type(within(dialog).getByLabelText('Total capacity'), '512');
    await user.selectOptions(within(dialog).getByLabelText('Capacity unit'), 'MB');
    await user.click(within(dialog).getByRole('switch', { name: 'Usable by API keys' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add storage' })).not.toBeInTheDocument());
    expect(created?.body).toEqual({
      name: 'Backups',
      is_public: 1,
      total_storage_bytes: 512 * 1024 ** 2,
      storage_type: 'S3',
      provider_type: 'Backblaze B2',
      endpoint_url: 'https://s3.us-west-004.backblazeb2.com/',
      bucket_name: 'my-backups',
      region: 'us-west-004',
      path_style: 0,
      default_folder: 'uploads/2026',
      custom_host: null,
      signature_expires_in: 900,
      access_key_id: 'AKID1234',
      secret_access_key: 's3cret',
    });
  });

  it('maps server details onto fields', async () => {
    mockApi({
      'GET /api/s3-configs': () => ok([config()]),
      'POST /api/s3-configs': () =>
        fail(400, 'VALIDATION_FAILED', 'bad', [{ path: 'total_storage_bytes', message: 'nope' }]),
    });
    const { user, dialog } = await openLocalForm();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a positive number')).toBeInTheDocument();
  });

  it('a save in progress keeps the dialog open on Escape, so its error still has a form to land in', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'GET /api/s3-configs': () => ok([config()]),
      'POST /api/s3-configs': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, dialog } = await openLocalForm();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add storage' })).toBeInTheDocument();
    answer(fail(409, 'NAME_TAKEN', 'A storage config with this name already exists'));
    expect(await within(dialog).findByText(/already/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Archive');
  });

  it('a capacity the browser cannot read as a number is refused as typed, not saved as "no limit"', async () => {
    const requests = mockApi({
      'GET /api/s3-configs': () => ok([config()]),
      'POST /api/s3-configs': () => ok(config(), 201),
    });
    const { user, dialog } = await openLocalForm();
    await user.type(within(dialog).getByLabelText('Total capacity'), '500GB');
    expect(within(dialog).getByLabelText('Total capacity')).toHaveValue('500GB');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a positive number')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('closing a form with unsaved changes asks first; an untouched one closes at once', async () => {
    mockApi({ 'GET /api/s3-configs': () => ok([config()]) });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    await user.click(await screen.findByRole('button', { name: 'Add storage' }));
    await screen.findByRole('dialog', { name: 'Add storage' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add storage' })).toBeNull());

    const dialog = await fillLocalForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(within(screen.getByRole('dialog', { name: 'Add storage' })).getByLabelText('Name')).toHaveValue('Archive');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add storage' })).toBeNull());
  });
});
