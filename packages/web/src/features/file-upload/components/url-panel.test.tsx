import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadAuthFromStorage, startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { api, LOCAL, MAX, MiB, SMALL } from '../test/fixtures';
import { UploadPage } from './upload-page';

// The URL tab of the upload page: the server fetches a file from a URL.

/** The server's answer to POST /api/url/info for https://example.com/a.zip of `size` bytes. */
const info = (size: number) =>
  ok({
    url: 'https://example.com/a.zip',
    filename: 'a.zip',
    size,
    contentType: 'application/zip',
    lastModified: null,
    method: 'HEAD',
    corsSupported: false,
    type: 0,
    typeName: 'unknown',
  });

/** Renders the upload page, opens the URL tab and asks it to check `url`. */
async function renderAndCheck(url: string) {
  const user = userEvent.setup();
  renderWithApp(<UploadPage />);
  await user.click(screen.getByRole('tab', { name: 'From URL' }));
  await user.type(screen.getByLabelText('File URL'), url);
  await user.click(screen.getByRole('button', { name: 'Check' }));
}

/** A fetch job of 2048 bytes, all stored, as the server reports it; `fields` change what differs. */
const fetchJob = (status: string, progress: number, fields: Record<string, unknown>) => ({
  file_id: 'j1',
  slug: 'fetched',
  status,
  progress,
  bytes_total: 2048,
  bytes_fetched: 2048,
  bytes_stored: 2048,
  error: null,
  url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('the URL tab', () => {
  beforeEach(() => {
    startAdminSession('t');
    reloadAuthFromStorage();
  });

  const job = (status: string, progress: number) =>
    fetchJob(status, progress, { url: status === 'completed' ? 'http://x/file/fetched' : null });

  it('refuses what is not an http(s) URL before asking the server', async () => {
    const requests = api();
    await renderAndCheck('ftp://example.com/a.zip');
    expect(await screen.findByText('Enter a valid http or https URL')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/url/'))).toBe(false);
  });

  it("says why the server refused the URL, in the server's words", async () => {
    const requests = api({
      'POST /api/url/info': () => fail(400, 'BAD_REQUEST', 'The URL points to a private, loopback or reserved address'),
    });
    await renderAndCheck('http://127.0.0.1/x.zip');
    expect(await screen.findByText('The URL points to a private, loopback or reserved address')).toBeInTheDocument();
    expect(screen.queryByText('The request was not valid')).toBeNull();
    expect(requests.find((r) => r.url.endsWith('/url/info'))?.headers['X-Language']).toBe('en');
  });

  it('looks the URL up, lets the server fetch it, follows the progress and shows the link', async () => {
    const requests = api({
      'POST /api/url/info': () => info(2048),
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
    expect(requests.find((r) => r.url.endsWith('/url/fetch'))?.body).toMatchObject({
      url: 'https://example.com/a.zip',
      filename: 'a.zip',
      s3_config_id: 'local',
    });
  });
});

describe('the URL tab, checks and tab switches', () => {
  beforeEach(() => {
    startAdminSession('t');
    reloadAuthFromStorage();
  });

  const job = (status: string, progress: number) =>
    fetchJob(status, progress, {
      bytes_fetched: 1024,
      bytes_stored: 0,
      error: status === 'failed' ? 'Source went away' : null,
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
    expect(screen.getByRole('alert')).toHaveTextContent(
      'a.zip is too large: 11.0 MB, the maximum upload size is 10.0 MB.',
    );
    expect(screen.getByRole('button', { name: 'Fetch and share' })).toBeDisabled();
    expect(requests.some((r) => r.url.endsWith('/url/fetch'))).toBe(false);
  });

  it('keeps following a fetch while the Files tab is open, then shows the result', async () => {
    let polls = 0;
    api({
      'POST /api/url/info': () => info(2048),
      'POST /api/url/fetch': () => ok(job('running', 10), 202),
      'GET /api/url/fetch/j1': () =>
        ok((polls += 1) < 2 ? job('running', 30) : { ...job('completed', 100), bytes_fetched: 2048 }),
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

  it('a progress poll that gets no answer is tried again, and the result still arrives', async () => {
    let polls = 0;
    api({
      'POST /api/url/info': () => info(2048),
      'POST /api/url/fetch': () => ok(job('running', 10), 202),
      'GET /api/url/fetch/j1': () => {
        polls += 1;
        if (polls === 1) throw new TypeError('Failed to fetch');
        return ok({ ...job('completed', 100), bytes_fetched: 2048 });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await checkUrl(user);
    await user.click(screen.getByRole('button', { name: 'Fetch and share' }));
    expect(await screen.findByText(/Lost contact with the server/, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Share link', {}, { timeout: 5000 })).toHaveValue(
      `${window.location.origin}/file/fetched`,
    );
    expect(screen.queryByText(/Lost contact with the server/)).toBeNull();
  });

  it('a second press while the first is being answered starts no second fetch', async () => {
    let release = () => {};
    const requests = api({
      'POST /api/url/info': () => info(2048),
      'POST /api/url/fetch': () =>
        new Promise<Response>((resolve) => (release = () => resolve(ok(job('running', 10), 202)))),
      'GET /api/url/fetch/j1': () => ok(job('running', 20)),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await checkUrl(user);
    const start = screen.getByRole('button', { name: 'Fetch and share' });
    await user.click(start);
    await user.click(start);
    release();
    expect(await screen.findByText('Fetching from the URL…')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.endsWith('/url/fetch'))).toHaveLength(1);
  });

  it('a cancel that comes after the fetch finished keeps the share and shows it', async () => {
    let finished = false;
    const requests = api({
      'POST /api/url/info': () => info(2048),
      'POST /api/url/fetch': () => ok(job('running', 10), 202),
      'GET /api/url/fetch/j1': () =>
        ok(finished ? { ...job('completed', 100), bytes_fetched: 2048 } : job('running', 20)),
      'POST /api/url/cancel': () => (
        (finished = true),
        fail(409, 'CONFLICT', 'The fetch had already finished; the share is kept')
      ),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await checkUrl(user);
    await user.click(screen.getByRole('button', { name: 'Fetch and share' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('Share link')).toHaveValue(`${window.location.origin}/file/fetched`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.filter((r) => r.url.endsWith('/url/cancel'))).toHaveLength(1);
  });

  it('options the URL tab cannot use are named beside its button', async () => {
    const requests = api({ 'POST /api/url/info': () => info(2048) });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await checkUrl(user);
    await user.type(screen.getByLabelText(/Max views/), '-1');
    await user.click(screen.getByRole('button', { name: 'Fetch and share' }));
    expect(await screen.findByText('Check the share options.')).toBeVisible();
    // Focus moves in the frame after the render that marks the field.
    await waitFor(() => expect(screen.getByLabelText(/Max views/)).toHaveFocus());
    expect(requests.some((r) => r.url.endsWith('/url/fetch'))).toBe(false);
    // The Files tab's own message stays clear: nothing was refused there.
    await user.click(screen.getByRole('tab', { name: 'Files' }));
    for (const message of screen.queryAllByText('Check the share options.')) expect(message).not.toBeVisible();
  });
});
