import { Permission, type FileDetailDto } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, startAdminSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import {
  detail,
  DOCX,
  file,
  officePreview,
  ORIGIN,
  previewSettings,
  reads,
  renderPage,
  setUpFilePageTests,
} from '../test/fixtures';

// The file page (FileViewPage) as the file's owner sees it: through the management detail.

setUpFilePageTests();

describe('file page for its owner', () => {
  afterEach(() => endSession('logout'));

  it('shows the uploader the file through the management detail: no view counted, no password asked', async () => {
    startApiKeySession('key-1', Permission.FILE_SHARE | Permission.FILE_MANAGE, {
      id: 'k1',
      name: 'laptop',
      basic_path: '/',
    });
    const requests = mockApi({
      'GET /api/files/pic': () => ok(detail()),
      'GET /api/admin/settings': previewSettings(),
    });
    renderPage();
    expect(await screen.findByText('You manage this file')).toBeInTheDocument();
    expect(screen.getByText('Your visits here are not counted as views.')).toBeInTheDocument();
    expect(screen.getByText('1 of 1 views left')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'photo.png' })).toHaveAttribute(
      'src',
      `${ORIGIN}/api/file-view/pic?token=own`,
    );
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `${ORIGIN}/api/file-download/pic?token=own`,
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(reads(requests)).toHaveLength(0);
  });

  it('an hour after the detail was read, its links are offered fresh instead of expiring under the owner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      startAdminSession('tok');
      let reads = 0;
      const requests = mockApi({
        'GET /api/files/pic': () => ((reads += 1), ok(detail())),
        'GET /api/admin/settings': previewSettings(),
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPage();
      expect(await screen.findByRole('link', { name: 'Download' })).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000 + 1000);
      expect(await screen.findByText('The links on this page have expired')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Open again' }));
      expect(await screen.findByRole('link', { name: 'Download' })).toBeInTheDocument();
      expect(screen.queryByText('The links on this page have expired')).toBeNull();
      expect(reads).toBe(2);
      expect(requests.filter((r) => r.url.startsWith('/api/public/'))).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the admin manage any share, and says when visitors can no longer open it', async () => {
    startAdminSession('tok');
    mockApi({
      'GET /api/files/pic': () => ok(detail({ created_by: 'apikey:someone', views: 1 })),
      'GET /api/admin/settings': previewSettings(),
    });
    const usedUp = renderPage();
    expect(await screen.findByText('Visitors can no longer open it: its views are used up')).toBeInTheDocument();
    expect(
      screen.getByText(
        /deleted automatically an hour after their last view\. Until then, Edit can change the view limit/,
      ),
    ).toBeInTheDocument();
    // The owner's token still opens a used-up share.
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
    // The link opens for nobody else: it is not offered for sharing until Edit revives it.
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'QR code' })).toBeNull();
    usedUp.unmount();

    mockApi({
      'GET /api/files/pic': () => ok(detail({ expires_at: '2000-01-01T00:00:00.000Z' })),
      'GET /api/admin/settings': previewSettings(),
    });
    renderPage();
    expect(await screen.findByText('Visitors can no longer open it: it has expired')).toBeInTheDocument();
    expect(
      screen.getByText(/deleted automatically within a few minutes\. Until then, Edit can set a new expiry/),
    ).toBeInTheDocument();
    // After the expiry no link opens the file, the owner's neither: no preview, no download.
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(screen.queryByRole('region', { name: /preview/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.getByText(/^Expired /)).toBeInTheDocument();
  });

  it("previews an Office file with the owner's token: no password, no view", async () => {
    startAdminSession('tok');
    const direct = 'https://bucket.example/report.docx?sig=1';
    const requests = mockApi({
      'GET /api/files/pic': () => ok(detail(DOCX)),
      'GET /api/admin/settings': previewSettings(),
      'GET /api/office-preview/pic': officePreview(direct),
    });
    renderPage();
    expect(await screen.findByTitle('Online preview of report.docx')).toBeInTheDocument();
    expect(requests.find((r) => r.url.startsWith('/api/office-preview/'))?.headers['X-File-Token']).toBe('own');
    expect(reads(requests)).toHaveLength(0);
  });

  it('edits the share in place and follows a new link', async () => {
    startAdminSession('tok');
    let current: FileDetailDto | null = null;
    let saved: unknown;
    mockApi({
      // The old link keeps answering the old share: only a page that moved to the new link shows the edit.
      'GET /api/files/pic': () => ok(detail()),
      'GET /api/files/trip': () => (current ? ok(current) : fail(404, 'NOT_FOUND', 'no')),
      'PUT /api/files/f1': (request) => {
        saved = request.body;
        current = detail({ slug: 'trip', remark: 'Summer', url: `${ORIGIN}/file/trip` });
        return ok(current);
      },
      'GET /api/admin/settings': previewSettings(),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const remark = within(dialog).getByLabelText('Remark');
    await user.clear(remark);
    await user.type(remark, 'Summer');
    const slug = within(dialog).getByLabelText('Link suffix');
    await user.clear(slug);
    await user.type(slug, 'trip');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toEqual({ remark: 'Summer', slug: 'trip' }));
    expect(await screen.findByText('Summer')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('treats a key that did not upload the file as a visitor', async () => {
    startApiKeySession('key-2', Permission.FILE_SHARE | Permission.FILE_MANAGE, {
      id: 'k2',
      name: 'other',
      basic_path: '/',
    });
    const requests = mockApi({
      'GET /api/files/pic': () => fail(404, 'NOT_FOUND', 'no'),
      'GET /api/public/files/pic': () => ok(file()),
      'GET /api/admin/settings': previewSettings(),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'photo.png' })).toBeInTheDocument();
    expect(screen.queryByText('You manage this file')).toBeNull();
    expect(reads(requests)).toHaveLength(1);
  });
});
