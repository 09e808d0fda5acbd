import { Permission } from '@driftbox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, startAdminSession, startApiKeySession } from '../../../lib/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { RESUME_STORAGE_KEY } from '../../../lib/uploader/resume-store';
import { RECENT_UPLOADS_KEY } from '../lib/recent-uploads';
import { UploadPage } from './upload-page';

const MiB = 1024 * 1024;
const LOCAL = { id: 'local', name: 'Local', storage_type: 'LOCAL', provider_type: 'Local', is_default: 1, is_public: 1, total_storage_bytes: 100 * MiB, used_bytes: 40 * MiB };
const SMALL = { id: 'tiny', name: 'Tiny', storage_type: 'S3', provider_type: 'Cloudflare R2', is_default: 0, is_public: 1, total_storage_bytes: 1000, used_bytes: 900 };
const MAX = { max_upload_size: 10, max_upload_size_bytes: 10 * MiB, max_upload_size_value: 10, max_upload_size_unit: 'MB' };

function file(name: string, size: number, type = 'text/plain'): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });
}

function api(extra: Record<string, (r: RecordedRequest) => Response | Promise<Response>> = {}) {
  return mockApi({
    'GET /api/s3-configs': () => ok([LOCAL, SMALL]),
    'GET /api/system/max-upload-size': () => ok(MAX),
    ...extra,
  });
}

/** Drops files on the zone the way a browser's drag and drop delivers them. */
function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files, types: ['Files'] } });
}

/** A stand-in for XMLHttpRequest: every PUT succeeds at once with an ETag. */
class FakeXhr {
  static puts: { url: string; size: number }[] = [];
  status = 0;
  timeout = 0;
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'etag' ? '"e1"' : null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob) {
    FakeXhr.puts.push({ url: this.url, size: body.size });
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: body.size });
      this.status = 200;
      this.onload?.();
    }, 0);
  }
}

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
  });

  it('tells a key without file permission why it cannot upload', async () => {
    startApiKeySession('k', Permission.TEXT, { id: 'k1', name: 'texts', basic_path: '/' });
    reloadAuthFromStorage();
    api();
    renderWithApp(<UploadPage />);
    expect(await screen.findByText('This API key cannot upload files')).toBeInTheDocument();
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

  it('queues dropped files and refuses one over the upload limit with the spec message', async () => {
    api();
    renderWithApp(<UploadPage />);
    await screen.findByText('Up to 10.0 MB per file');
    drop([file('a.txt', 10), file('huge.iso', 11 * MiB)]);
    const a = screen.getByRole('listitem', { name: 'a.txt' });
    expect(within(a).getByText('Ready')).toBeInTheDocument();
    const huge = screen.getByRole('listitem', { name: 'huge.iso' });
    expect(within(huge).getByRole('alert')).toHaveTextContent('huge.iso is too large: 11.0 MB, the maximum upload size is 10.0 MB.');
    expect(within(huge).queryByRole('button', { name: 'Retry huge.iso' })).toBeNull();
  });

  it('says so when nothing was added, and checks the options before sending', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('No files selected: add files first.')).toBeInTheDocument();
    drop([file('one.txt', 10)]);
    await user.type(screen.getByLabelText('Custom link'), 'bad slug!');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Only letters, digits, - and _ are allowed')).toBeInTheDocument();
    expect(screen.getByText('Check the share options.')).toBeInTheDocument();
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

  it('refuses a file larger than the chosen storage has room for', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    await user.selectOptions(screen.getByLabelText('Storage'), 'tiny');
    drop([file('big.txt', 500)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'big.txt' });
    expect(await within(item).findByRole('alert')).toHaveTextContent('Insufficient storage: file size 500 B, remaining space 100 B, capacity 1000 B.');
    expect(requests.some((r) => r.url.includes('/s3/presign'))).toBe(false);
  });

  it('uploads a small file with presign, PUT and commit, then shows its link and remembers it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const detail = { id: 'f1', slug: 'shared-1', filename: 'note.md', size: 10, created_at: '2026-01-01T00:00:00.000Z' };
    const requests = api({
      'POST /api/s3/presign': () => ok({ file_id: 'f1', slug: 'shared-1', upload_url: '/api/local-storage/local/object?sig=x', headers: { 'Content-Type': 'text/markdown' }, storage_path: 'note.md', storage_type: 'LOCAL', provider_type: 'Local', contentType: 'text/markdown', expires_at: '', url: '' }),
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
    expect(presign?.body).toMatchObject({ filename: 'note.md', mimetype: 'text/markdown', size: 10, password: 'pw', s3_config_id: 'local', expires_in: 24 });
    expect(FakeXhr.puts).toEqual([{ url: '/api/local-storage/local/object?sig=x', size: 10 }]);
    expect(requests.find((r) => r.url.endsWith('/s3/commit'))?.body).toEqual({ file_id: 'f1', etag: '"e1"' });
    expect(JSON.parse(localStorage.getItem(RECENT_UPLOADS_KEY) ?? '[]')).toMatchObject([{ slug: 'shared-1', filename: 'note.md' }]);
    expect(screen.getByText('Recent uploads')).toBeInTheDocument();
  });

  it('marks a taken custom link, and Retry sends the link it was changed to', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const requests = api({
      'POST /api/s3/presign': (r) =>
        (r.body as { slug?: string }).slug === 'taken'
          ? fail(409, 'SLUG_TAKEN', 'Slug taken')
          : ok({ file_id: 'f1', slug: 'fresh', upload_url: '/put', headers: {}, storage_path: 'one.txt', storage_type: 'LOCAL', provider_type: 'Local', contentType: 'text/plain', expires_at: '', url: '' }),
      'POST /api/s3/commit': () => ok({ ...detailDto(), id: 'f1', slug: 'fresh', filename: 'one.txt', size: 10, created_at: '2026-01-01T00:00:00.000Z' }),
    });
    const presigns = () => requests.filter((r) => r.url.endsWith('/s3/presign')).map((r) => (r.body as { slug?: string }).slug);
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    drop([file('one.txt', 10)]);
    await user.type(screen.getByLabelText('Custom link'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'one.txt' });
    expect(await within(item).findByRole('alert')).toHaveTextContent('Link suffix already taken: change the custom link, then retry.');
    const field = screen.getByLabelText('Custom link');
    expect(field).toHaveValue('taken');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Link suffix already taken, try another'));

    // The same link again is refused here, without another round trip.
    await user.click(within(item).getByRole('button', { name: 'Retry one.txt' }));
    expect(presigns()).toEqual(['taken']);

    await user.clear(field);
    await user.type(field, 'fresh');
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining('already taken'));
    await user.click(within(item).getByRole('button', { name: 'Retry one.txt' }));
    expect(await within(item).findByText('Done')).toBeInTheDocument();
    expect(presigns()).toEqual(['taken', 'fresh']);
    expect(screen.getByLabelText('Custom link')).toHaveValue('');
  });

  it('checks a refused file again when another storage is chosen, so Upload starts it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const requests = api({
      'POST /api/s3/presign': () => ok({ file_id: 'f1', slug: 's1', upload_url: '/put', headers: {}, storage_path: 'big.txt', storage_type: 'LOCAL', provider_type: 'Local', contentType: 'text/plain', expires_at: '', url: '' }),
      'POST /api/s3/commit': () => ok({ ...detailDto(), id: 'f1', slug: 's1', filename: 'big.txt', size: 500, created_at: '2026-01-01T00:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    await user.selectOptions(screen.getByLabelText('Storage'), 'tiny');
    drop([file('big.txt', 500)]);
    const item = screen.getByRole('listitem', { name: 'big.txt' });
    expect(within(item).getByRole('alert')).toHaveTextContent('Insufficient storage');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('No file can start: see the reason under each file.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Storage'), 'local');
    expect(within(item).getByText('Ready')).toBeInTheDocument();
    expect(screen.queryByText('No file can start: see the reason under each file.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await within(item).findByText('Done')).toBeInTheDocument();
    expect(requests.find((r) => r.url.endsWith('/s3/presign'))?.body).toMatchObject({ s3_config_id: 'local', size: 500 });
  });

  it('says when a file dropped again is already in the list, and takes files dropped outside the zone', async () => {
    api();
    renderWithApp(<UploadPage />);
    await screen.findByText('Up to 10.0 MB per file');
    drop([file('a.txt', 10)]);
    drop([file('a.txt', 10)]);
    expect(await screen.findByText('Already in the list: a.txt')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: 'a.txt' })).toHaveLength(1);

    fireEvent.drop(screen.getByRole('heading', { name: 'Upload files' }), { dataTransfer: { files: [file('b.txt', 10)], types: ['Files'] } });
    expect(screen.getByRole('listitem', { name: 'b.txt' })).toBeInTheDocument();
  });

  it('shows a cancel neutrally, apart from failures, and a double click on Cancel does not also remove', async () => {
    // A PUT that only ends when it is aborted.
    class HangingXhr extends FakeXhr {
      override send() {}
    }
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    api({
      'POST /api/s3/presign': () => ok({ file_id: 'f1', slug: 's1', upload_url: '/put', headers: {}, storage_path: 'a.txt', storage_type: 'LOCAL', provider_type: 'Local', contentType: 'text/plain', expires_at: '', url: '' }),
      'POST /api/url/cancel': () => ok(null),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    drop([file('a.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'a.txt' });
    await within(item).findByText('Uploading');
    await user.dblClick(within(item).getByRole('button', { name: 'Cancel a.txt' }));
    const badge = await within(item).findByText('Cancelled');
    expect(badge.className).not.toMatch(/danger|warning/);
    expect(screen.getByText(/1 file, 0 done/).closest('p')).toHaveTextContent('1 file, 0 done · 1 cancelled');
    expect(screen.queryByText(/failed/)).toBeNull();
    expect(within(item).getByRole('button', { name: 'Remove a.txt from the list' })).toBeInTheDocument();
  });
});

describe('the URL tab', () => {
  beforeEach(() => {
    startAdminSession('t');
    reloadAuthFromStorage();
  });

  const job = (status: string, progress: number) => ({
    file_id: 'j1', slug: 'fetched', status, progress, bytes_total: 2048, bytes_fetched: 2048, bytes_stored: 2048, error: null,
    url: status === 'completed' ? 'http://x/file/fetched' : null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
  });

  it('refuses what is not an http(s) URL before asking the server', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await user.click(screen.getByRole('tab', { name: 'From URL' }));
    await user.type(screen.getByLabelText('File URL'), 'ftp://example.com/a.zip');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Enter a valid http or https URL')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/url/'))).toBe(false);
  });

  it("says why the server refused the URL, in the server's words", async () => {
    const requests = api({ 'POST /api/url/info': () => fail(400, 'BAD_REQUEST', 'The URL points to a private, loopback or reserved address') });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await user.click(screen.getByRole('tab', { name: 'From URL' }));
    await user.type(screen.getByLabelText('File URL'), 'http://127.0.0.1/x.zip');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('The URL points to a private, loopback or reserved address')).toBeInTheDocument();
    expect(screen.queryByText('The request was not valid')).toBeNull();
    expect(requests.find((r) => r.url.endsWith('/url/info'))?.headers['X-Language']).toBe('en');
  });

  it('looks the URL up, lets the server fetch it, follows the progress and shows the link', async () => {
    const requests = api({
      'POST /api/url/info': () => ok({ url: 'https://example.com/a.zip', filename: 'a.zip', size: 2048, contentType: 'application/zip', lastModified: null }),
      'POST /api/url/fetch': () => ok(job('running', 10), 202),
      'GET /api/url/fetch/j1': () => ok(job('completed', 100)),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    await user.click(screen.getByRole('tab', { name: 'From URL' }));
    await user.type(screen.getByLabelText('File URL'), 'https://example.com/a.zip');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('application/zip')).toBeInTheDocument();
    expect(screen.getByText('2.0 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fetch and share' }));
    expect(await screen.findByText('Fetching from the URL…')).toBeInTheDocument();
    expect(await screen.findByLabelText('Share link')).toHaveValue(`${window.location.origin}/file/fetched`);
    expect(requests.find((r) => r.url.endsWith('/url/fetch'))?.body).toMatchObject({ url: 'https://example.com/a.zip', filename: 'a.zip', s3_config_id: 'local' });
  });
});

describe('the URL tab, checks and tab switches', () => {
  beforeEach(() => {
    startAdminSession('t');
    reloadAuthFromStorage();
  });

  const info = (size: number) => ok({ url: 'https://example.com/a.zip', filename: 'a.zip', size, contentType: 'application/zip', lastModified: null });
  const job = (status: string, progress: number) => ({
    file_id: 'j1', slug: 'fetched', status, progress, bytes_total: 2048, bytes_fetched: 1024, bytes_stored: 0, error: status === 'failed' ? 'Source went away' : null,
    url: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
  });

  async function checkUrl(user: ReturnType<typeof userEvent.setup>) {
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    await user.click(screen.getByRole('tab', { name: 'From URL' }));
    await user.type(screen.getByLabelText('File URL'), 'https://example.com/a.zip');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('application/zip');
  }

  it('refuses a URL whose size is over the upload limit before starting', async () => {
    const requests = api({ 'POST /api/url/info': () => info(11 * MiB) });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await checkUrl(user);
    expect(screen.getByRole('alert')).toHaveTextContent('a.zip is too large: 11.0 MB, the maximum upload size is 10.0 MB.');
    expect(screen.getByRole('button', { name: 'Fetch and share' })).toBeDisabled();
    expect(requests.some((r) => r.url.endsWith('/url/fetch'))).toBe(false);
  });

  it('keeps following a fetch while the Files tab is open, then shows the result', async () => {
    let polls = 0;
    api({
      'POST /api/url/info': () => info(2048),
      'POST /api/url/fetch': () => ok(job('running', 10), 202),
      'GET /api/url/fetch/j1': () => ok((polls += 1) < 2 ? job('running', 30) : { ...job('completed', 100), bytes_fetched: 2048 }),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await checkUrl(user);
    await user.click(screen.getByRole('button', { name: 'Fetch and share' }));
    await user.click(screen.getByRole('tab', { name: 'Files' }));
    expect(await screen.findByText('Recent uploads', {}, { timeout: 4000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'From URL' }));
    expect(screen.getByLabelText('Share link')).toHaveValue(`${window.location.origin}/file/fetched`);
  });

  it('shows a failed fetch as stopped and refreshes the storage space', async () => {
    let configCalls = 0;
    mockApi({
      'GET /api/s3-configs': () => ((configCalls += 1), ok([LOCAL, SMALL])),
      'GET /api/system/max-upload-size': () => ok(MAX),
      'POST /api/url/info': () => info(2048),
      'POST /api/url/fetch': () => ok(job('running', 10), 202),
      'GET /api/url/fetch/j1': () => ok(job('failed', 30)),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await checkUrl(user);
    const before = configCalls;
    await user.click(screen.getByRole('button', { name: 'Fetch and share' }));
    expect(await screen.findByText('Source went away', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Transfer progress' }).firstElementChild).toHaveClass('bg-danger');
    await waitFor(() => expect(configCalls).toBeGreaterThan(before));
  });
});

describe('unfinished uploads', () => {
  beforeEach(() => {
    startAdminSession('t');
    reloadAuthFromStorage();
  });

  it('lists an upload a reload left unfinished, and discarding it aborts it on the server', async () => {
    const entry = { fileId: 'f9', uploadId: 'u9', configId: 'local', storagePath: 'big.bin', slug: 's9', partSize: 5 * MiB, partCount: 4, parts: [{ PartNumber: 1, ETag: '"a"' }], filename: 'big.bin', size: 20 * MiB, savedAt: Date.now() };
    localStorage.setItem(RESUME_STORAGE_KEY, JSON.stringify({ [`big.bin|${20 * MiB}|1`]: entry }));
    const requests = api({ 'POST /api/upload/multipart/abort': () => ok(null) });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    const notice = await screen.findByRole('region', { name: 'Unfinished uploads' });
    expect(within(notice).getByText('big.bin')).toBeInTheDocument();
    expect(within(notice).getByText('1/4 parts of 20.0 MB')).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Discard the unfinished upload of big.bin' }));
    expect(screen.queryByRole('region', { name: 'Unfinished uploads' })).toBeNull();
    await waitFor(() => expect(requests.find((r) => r.url.endsWith('/upload/multipart/abort'))?.body).toEqual({ file_id: 'f9', upload_id: 'u9' }));
    expect(localStorage.getItem(RESUME_STORAGE_KEY)).toBe('{}');
  });
});

function detailDto() {
  return {
    mimetype: 'text/markdown',
    remark: null,
    has_password: true,
    expires_at: null,
    max_views: 0,
    views: 0,
    use_proxy: 1,
    storage_config_id: 'local',
    storage_config_name: 'Local',
    storage_type: 'LOCAL',
    provider_type: 'Local',
    storage_path: 'note.md',
    file_path: null,
    etag: '"e1"',
    created_by: 'admin',
    key_name: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    url: 'http://x/file/shared-1',
    preview_url: 'http://x/api/file-view/shared-1',
    download_url: 'http://x/api/file-download/shared-1',
  };
}
