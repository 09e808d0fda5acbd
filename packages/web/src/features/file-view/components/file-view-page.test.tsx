import { Permission } from '@driftbox/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { file, locked, ORIGIN, previewSettings, reads, renderPage, setUpFilePageTests } from '../test/fixtures';

setUpFilePageTests();

describe('file page', () => {
  it('shows loading, then the file with its image preview, details and a Download link', async () => {
    const requests = mockApi({
      'GET /api/public/files/pic': () => ok(file({ max_views: 5, views: 2 })),
      'GET /api/admin/settings': previewSettings(),
    });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'photo.png' })).toBeInTheDocument();
    expect(screen.getByText('Holiday')).toBeInTheDocument();
    expect(screen.getByText('3 of 5 views left')).toBeInTheDocument();
    expect(screen.getByText('Never expires')).toBeInTheDocument();
    expect(screen.getByText('image/png')).toHaveAttribute('title', 'image/png');
    expect(screen.getByRole('img', { name: 'photo.png' })).toHaveAttribute(
      'src',
      `${ORIGIN}/api/file-view/pic?token=t1`,
    );
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `${ORIGIN}/api/file-download/pic?token=t1`,
    );
    // One counted read per visit; the preview settings are read without credentials.
    expect(reads(requests)).toHaveLength(1);
    expect(requests.find((r) => r.url.startsWith('/api/admin/settings'))?.url).toContain('group=2');
  });

  it('sends the stored token on a reload, or from another tab, so the visit is not counted twice', async () => {
    const first = mockApi({
      'GET /api/public/files/pic': () => ok(file()),
      'GET /api/admin/settings': previewSettings(),
    });
    const { unmount } = renderPage();
    await screen.findByRole('heading', { name: 'photo.png' });
    expect(reads(first)[0]?.headers['X-File-Token']).toBeUndefined();
    unmount();
    // A new tab starts with an empty sessionStorage; the token is kept for the browser.
    sessionStorage.clear();
    const second = mockApi({
      'GET /api/public/files/pic': () => ok(file()),
      'GET /api/admin/settings': previewSettings(),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'photo.png' });
    expect(reads(second)[0]?.headers['X-File-Token']).toBe('t1');
  });

  it('once the links have outlived their token, offers to open the file again instead of links that would be refused', async () => {
    let count = 0;
    // Long enough for a busy machine to show the links first; the page then sees them expire.
    const soon = () => new Date(Date.now() + 1500).toISOString();
    const requests = mockApi({
      'GET /api/public/files/pic': () => {
        count += 1;
        const links = {
          previewUrl: `${ORIGIN}/api/file-view/pic?token=t${count}`,
          downloadUrl: `${ORIGIN}/api/file-download/pic?token=t${count}`,
        };
        return ok(
          file({
            max_views: 5,
            views: count,
            access_token: `t${count}`,
            access_token_expires_at: count === 1 ? soon() : '2999-01-01T00:00:00.000Z',
            ...links,
          }),
        );
      },
      'GET /api/admin/settings': previewSettings(),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `${ORIGIN}/api/file-download/pic?token=t1`,
    );
    expect(await screen.findByText('The links on this page have expired', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/that counts as another view/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'photo.png' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect(await screen.findByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `${ORIGIN}/api/file-download/pic?token=t2`,
    );
    expect(screen.queryByText('The links on this page have expired')).toBeNull();
    // The expired token is not sent again: the server would not take it.
    expect(reads(requests).map((r) => r.headers['X-File-Token'])).toEqual([undefined, undefined]);
  });

  it('has distinct pages for not found, expired or used up, and forbidden', async () => {
    const cases = [
      [404, 'NOT_FOUND', 'File not found', 'File not found'],
      [410, 'GONE', 'gone', 'This file is no longer available'],
      [403, 'FORBIDDEN', 'no', 'You may not open this file'],
    ] as const;
    for (const [status, code, message, heading] of cases) {
      mockApi({
        'GET /api/public/files/pic': () => fail(status, code, message),
        'GET /api/admin/settings': previewSettings(),
      });
      const page = renderPage();
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      page.unmount();
    }
  });

  it('offers a visitor the way home, and someone who may upload to share a file', async () => {
    mockApi({
      'GET /api/public/files/pic': () => fail(404, 'NOT_FOUND', 'File not found'),
      'GET /api/admin/settings': previewSettings(),
    });
    const visitor = renderPage();
    expect(await screen.findByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Share a file' })).toBeNull();
    visitor.unmount();
    startApiKeySession('key-1', Permission.FILE_SHARE | Permission.FILE_MANAGE, {
      id: 'k1',
      name: 'laptop',
      basic_path: '/',
    });
    try {
      renderPage();
      expect(await screen.findByRole('link', { name: 'Share a file' })).toHaveAttribute('href', '/upload');
    } finally {
      endSession('logout');
    }
  });

  it('names the cause of a 410 the server gives (the reason detail), whatever language its message is in', async () => {
    for (const [message, reason, title] of [
      ['This file has expired', 'expired', 'This file has expired'],
      ['该文件已过期', 'expired', 'This file has expired'],
      ['This file has reached its view limit', 'used_up', 'This file reached its view limit'],
      ['该文件已达到最大查看次数', 'used_up', 'This file reached its view limit'],
      // No reason given: the combined page.
      ['该文件已过期或已达到最大查看次数', null, 'This file is no longer available'],
    ] as const) {
      const details = reason ? [{ path: 'reason', message: reason }] : undefined;
      mockApi({
        'GET /api/public/files/pic': () => fail(410, 'GONE', message, details),
        'GET /api/admin/settings': previewSettings(),
      });
      const view = renderPage();
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('tells an expired protected file from a used-up one by the metadata it already has', async () => {
    for (const [meta, title] of [
      [{ expires_at: '2000-01-01T00:00:00.000Z' }, 'This file has expired'],
      [{ max_views: 3, views: 3 }, 'This file reached its view limit'],
    ] as const) {
      mockApi({
        'GET /api/public/files/pic': () => ok(locked(meta)),
        'POST /api/public/files/pic/verify': () => fail(410, 'GONE', 'gone'),
        'GET /api/admin/settings': previewSettings(),
      });
      const view = renderPage();
      await userEvent.type(await screen.findByLabelText('Password'), 'pw');
      await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('asks for the password, reports a wrong one and rate limiting, then shows the file', async () => {
    let attempt = 0;
    const requests = mockApi({
      'GET /api/public/files/pic': () => ok(locked()),
      'POST /api/public/files/pic/verify': () => {
        attempt += 1;
        if (attempt === 1) return fail(401, 'WRONG_PASSWORD', 'Wrong password');
        if (attempt === 2) return fail(429, 'RATE_LIMITED', 'slow down');
        if (attempt === 3) {
          const limited = fail(429, 'RATE_LIMITED', 'slow down');
          limited.headers.set('Retry-After', '900');
          return limited;
        }
        return ok(file({ has_password: true }));
      },
      'GET /api/admin/settings': previewSettings(),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This file is password protected' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByText('Enter the password')).toBeInTheDocument();
    const input = screen.getByLabelText('Password');
    await userEvent.type(input, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Too many attempts. Wait a few minutes, then try again.')).toBeInTheDocument();
    // With the server's Retry-After, the wait is said as it is.
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `${ORIGIN}/api/file-download/pic?token=t1`,
    );
    expect(screen.getByText('Password protected')).toBeInTheDocument();
    // The form that had focus is gone: focus moves to the file, and the change is announced.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'photo.png' })).toHaveFocus());
    expect(screen.getByText('Password accepted. “photo.png” is open.')).toHaveAttribute('aria-live', 'polite');
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ password: 'nope' });
    // The password never goes into a URL.
    expect(requests.every((r) => !r.url.includes('nope'))).toBe(true);
    // The token the password earned stays with this tab: on a shared computer the next person is asked again.
    expect(sessionStorage.getItem('driftbox-file-unlocked-token:pic')).toContain('t1');
    expect(Object.keys(localStorage).filter((k) => k.includes('token'))).toEqual([]);
  });
});
