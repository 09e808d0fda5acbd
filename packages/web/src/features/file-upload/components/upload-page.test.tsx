import { Permission } from '@driftbox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, startAdminSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { fail, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { RECENT_UPLOADS_KEY } from '../lib/recent-uploads';
import { api, detailDto, drop, FakeXhr, file, LOCAL, MiB, PENDING_SHARE, SMALL } from '../test/fixtures';
import { UploadPage } from './upload-page';

beforeEach(() => {
  FakeXhr.puts = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('who may upload', () => {
  it('asks a visitor to log in instead of showing a dead page', async () => {
    reloadAuthFromStorage();
    api();
    renderWithApp(<UploadPage />);
    expect(await screen.findByText('Log in to upload')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    // The share options cannot be used either, and say so.
    expect(screen.getByLabelText('Password')).toBeDisabled();
  });

  it('tells a key without file permission why it cannot upload', async () => {
    startApiKeySession('k', Permission.TEXT, { id: 'k1', name: 'texts', basic_path: '/' });
    reloadAuthFromStorage();
    api();
    renderWithApp(<UploadPage />);
    expect(await screen.findByText('This API key cannot upload files')).toBeInTheDocument();
  });
});

describe('a key with no storage available', () => {
  it('says whom to ask, under the picker and on Upload', async () => {
    startApiKeySession('k', Permission.FILE_SHARE, { id: 'k1', name: 'files', basic_path: '/' });
    reloadAuthFromStorage();
    api({ 'GET /api/s3-configs': () => ok([]) });
    renderWithApp(<UploadPage />);
    const none = 'No storage is available to you. Ask the administrator to add one, or to allow one for API keys.';
    expect(await screen.findByText(none)).toBeInTheDocument();
    await screen.findByText('Up to 10.0 MB per file');
    drop([file('a.txt', 10)]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getAllByText(none)).toHaveLength(2));
  });
});

describe('the files tab', () => {
  beforeEach(() => {
    startAdminSession('t');
    reloadAuthFromStorage();
  });

  it('preselects the default storage and shows its free space', async () => {
    api();
    renderWithApp(<UploadPage />);
    const picker = await screen.findByLabelText('Storage');
    await waitFor(() => expect(picker).toHaveValue('local'));
    expect(screen.getByText(/60.0 MB free of 100.0 MB/)).toBeInTheDocument();
    expect(await screen.findByText('Up to 10.0 MB per file')).toBeInTheDocument();
  });

  it('says when the storage list could not be loaded, on Upload too, and loads it again on Try again', async () => {
    let calls = 0;
    api({ 'GET /api/s3-configs': () => ((calls += 1) === 1 ? fail(500, 'INTERNAL', 'boom') : ok([LOCAL, SMALL])) });
    renderWithApp(<UploadPage />);
    const failed = /^The storage list could not be loaded: /;
    expect(await screen.findByText(failed)).toBeInTheDocument();
    expect(screen.queryByText(/No storage is available to you/)).toBeNull();
    await screen.findByText('Up to 10.0 MB per file');
    drop([file('a.txt', 10)]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getAllByText(failed)).toHaveLength(2));
    expect(screen.queryByText('No storage configuration selected.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    expect(screen.getAllByText(failed)).toHaveLength(1);
  });

  it('queues dropped files and refuses one over the upload limit with the spec message', async () => {
    api();
    renderWithApp(<UploadPage />);
    await screen.findByText('Up to 10.0 MB per file');
    drop([file('a.txt', 10), file('huge.iso', 11 * MiB)]);
    const a = screen.getByRole('listitem', { name: 'a.txt' });
    expect(within(a).getByText('Ready')).toBeInTheDocument();
    const huge = screen.getByRole('listitem', { name: 'huge.iso' });
    expect(within(huge).getByRole('alert')).toHaveTextContent(
      'huge.iso is too large: 11.0 MB, the maximum upload size is 10.0 MB.',
    );
    expect(within(huge).queryByRole('button', { name: 'Retry huge.iso' })).toBeNull();
  });

  it('leaves a dropped folder out with a warning, and queues the files dropped with it', async () => {
    api();
    renderWithApp(<UploadPage />);
    await screen.findByText('Up to 10.0 MB per file');
    const a = file('a.txt', 10);
    // A folder arrives as a File too (which fails once read); only its entry says it is a directory.
    const photos = file('photos', 4096);
    const item = (f: File, isDirectory: boolean) => ({
      kind: 'file',
      getAsFile: () => f,
      webkitGetAsEntry: () => ({ isDirectory, name: f.name }),
    });
    fireEvent.drop(screen.getByTestId('drop-zone'), {
      dataTransfer: { files: [photos, a], items: [item(photos, true), item(a, false)], types: ['Files'] },
    });
    expect(screen.getByRole('listitem', { name: 'a.txt' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'photos' })).toBeNull();
    expect(
      await screen.findByText(
        'photos is a folder, and folders cannot be uploaded: drop the files inside it, or a .zip of it.',
      ),
    ).toBeInTheDocument();
  });

  it('offers Upload only with something to send, and checks the options before sending', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    drop([file('one.txt', 10)]);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    await user.type(screen.getByLabelText('Custom link'), 'bad slug!');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Only letters, digits, - and _ are allowed')).toBeInTheDocument();
    expect(screen.getByText('Check the share options.')).toBeInTheDocument();
    // A mistyped view limit is refused as typed, never read as "unlimited".
    await user.type(screen.getByLabelText(/Max views/), '1e');
    expect(screen.getByLabelText(/Max views/)).toHaveValue('1e');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(/^Enter a whole number from 0 to/)).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/s3/presign'))).toBe(false);
  });

  it('turns the custom link off for several files', async () => {
    api();
    renderWithApp(<UploadPage />);
    await screen.findByText('Up to 10.0 MB per file');
    drop([file('one.txt', 10), file('two.txt', 10)]);
    expect(screen.getByLabelText('Custom link')).toBeDisabled();
    expect(screen.getByText(/A custom link names one file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 2 files' })).toBeEnabled();
  });

  it('names the storage provider in the page language, not by the value stored for it', async () => {
    api({
      'GET /api/s3-configs': () =>
        ok([{ ...SMALL, id: 'minio', name: 'MinIO', provider_type: 'Other S3 Compatible', is_default: 1 }]),
    });
    renderWithApp(<UploadPage />);
    expect(await screen.findByText(/^Other S3-compatible ·/)).toBeInTheDocument();
  });

  it('refuses a file larger than the chosen storage has room for', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    await user.selectOptions(screen.getByLabelText('Storage'), 'tiny');
    drop([file('big.txt', 500)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'big.txt' });
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Insufficient storage: file size 500 B, remaining space 100 B, capacity 1000 B.',
    );
    expect(requests.some((r) => r.url.includes('/s3/presign'))).toBe(false);
  });

  it('uploads a small file with presign, PUT and commit, then shows its link and remembers it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const detail = {
      id: 'f1',
      slug: 'shared-1',
      filename: 'note.md',
      size: 10,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const requests = api({
      'POST /api/s3/presign': () =>
        ok({
          file_id: 'f1',
          slug: 'shared-1',
          upload_url: '/api/local-storage/local/object?sig=x',
          headers: { 'Content-Type': 'text/markdown' },
          storage_path: 'note.md',
          storage_type: 'LOCAL',
          provider_type: 'Local',
          contentType: 'text/markdown',
          upload_expires_at: '',
          url: '',
          ...PENDING_SHARE,
        }),
      'POST /api/s3/commit': () => ok({ ...detailDto(), ...detail }),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    drop([file('note.md', 10)]);
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'note.md' });
    expect(await within(item).findByText('Done')).toBeInTheDocument();
    expect(within(item).getByLabelText('Share link')).toHaveValue(`${window.location.origin}/file/shared-1`);
    const presign = requests.find((r) => r.url.endsWith('/s3/presign'));
    expect(presign?.body).toMatchObject({
      filename: 'note.md',
      mimetype: 'text/markdown',
      size: 10,
      password: 'pw',
      s3_config_id: 'local',
      expires_in: 24,
    });
    expect(FakeXhr.puts).toEqual([{ url: '/api/local-storage/local/object?sig=x', size: 10 }]);
    expect(requests.find((r) => r.url.endsWith('/s3/commit'))?.body).toEqual({ file_id: 'f1', etag: '"e1"' });
    expect(JSON.parse(localStorage.getItem(RECENT_UPLOADS_KEY) ?? '[]')).toMatchObject([
      { slug: 'shared-1', filename: 'note.md' },
    ]);
    expect(screen.getByText('Recent uploads')).toBeInTheDocument();
  });
});
