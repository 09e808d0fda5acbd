import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, startAdminSession } from '../../../lib/auth/auth-store';
import { ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { api, detailDto, drop, FakeXhr, file, HangingXhr, presigned } from '../test/fixtures';
import { UploadPage } from './upload-page';

const presigns = (requests: RecordedRequest[]) => requests.filter((r) => r.url.endsWith('/s3/presign')).length;

beforeEach(() => {
  FakeXhr.puts = [];
  HangingXhr.aborted = 0;
  startAdminSession('t');
  reloadAuthFromStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('leaving the page in the app', () => {
  it('asks first while files upload; leaving stops the running one and never starts the waiting one', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    const requests = api({
      'POST /api/s3/presign': () => ok(presigned('s1', 'a.txt')),
      'POST /api/url/cancel': () => ok(null),
    });
    const user = userEvent.setup();
    const { router } = renderWithApp(<UploadPage />, { route: '/upload', path: '/upload' });
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    drop([file('a.txt', 10), file('b.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    await within(screen.getByRole('listitem', { name: 'a.txt' })).findByText('Uploading');
    expect(within(screen.getByRole('listitem', { name: 'b.txt' })).getByText('Waiting')).toBeInTheDocument();

    await act(() => router.navigate('/'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave while files are uploading?' });
    expect(dialog).toHaveTextContent('2 files are still uploading or waiting.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/upload');
    expect(within(screen.getByRole('listitem', { name: 'a.txt' })).getByText('Uploading')).toBeInTheDocument();

    await act(() => router.navigate('/'));
    await user.click(await screen.findByRole('button', { name: 'Leave and stop' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Upload files' })).toBeNull();
    expect(HangingXhr.aborted).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(presigns(requests)).toBe(1);
  });

  it('lets a link leave at once when nothing is uploading', async () => {
    api();
    const { router } = renderWithApp(<UploadPage />, { route: '/upload', path: '/upload' });
    await screen.findByText('Up to 10.0 MB per file');
    drop([file('a.txt', 10)]);
    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('offline', () => {
  it('says so, keeps started files waiting, and uploads them once the connection is back', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const requests = api({
      'POST /api/s3/presign': () => ok(presigned('s1', 'a.txt')),
      'POST /api/s3/commit': () =>
        ok({
          ...detailDto(),
          id: 'id-s1',
          slug: 's1',
          filename: 'a.txt',
          size: 10,
          created_at: '2026-01-01T00:00:00.000Z',
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('You are offline — uploads continue when the connection is back');
    drop([file('a.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'a.txt' });
    expect(within(item).getByText('Waiting')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(presigns(requests)).toBe(0);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await within(item).findByText('Done')).toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('holds the next file when the connection drops during an upload', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    const requests = api({ 'POST /api/s3/presign': () => ok(presigned('s1', 'a.txt')) });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    drop([file('a.txt', 10), file('b.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    await within(screen.getByRole('listitem', { name: 'a.txt' })).findByText('Uploading');
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    // The running file is cancelled by hand here (the uploader decides what a dropped connection does).
    await user.click(screen.getByRole('button', { name: 'Cancel a.txt' }));
    await within(screen.getByRole('listitem', { name: 'a.txt' })).findByText('Cancelled');
    await new Promise((r) => setTimeout(r, 20));
    expect(within(screen.getByRole('listitem', { name: 'b.txt' })).getByText('Waiting')).toBeInTheDocument();
    expect(presigns(requests)).toBe(1);
  });
});
