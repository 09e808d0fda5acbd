import { Permission, type FilePublicDto } from '@driftbox/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRenderer } from '../../../components/markdown/use-rendered-markdown';
import { endSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { i18n } from '../../../lib/site/i18n';
import { fail, mockApi, ok } from '../../../test/http';
import { file, locked, ORIGIN, previewSettings, reads, renderPage } from '../test/fixtures';

beforeAll(async () => {
  await loadRenderer();
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

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
    const soon = () => new Date(Date.now() + 400).toISOString();
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
    expect(await screen.findByText('The links on this page have expired', {}, { timeout: 3000 })).toBeInTheDocument();
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
    mockApi({
      'GET /api/public/files/pic': () => fail(404, 'NOT_FOUND', 'File not found'),
      'GET /api/admin/settings': previewSettings(),
    });
    const a = renderPage();
    expect(await screen.findByRole('heading', { name: 'File not found' })).toBeInTheDocument();
    a.unmount();
    mockApi({
      'GET /api/public/files/pic': () => fail(410, 'GONE', 'gone'),
      'GET /api/admin/settings': previewSettings(),
    });
    const b = renderPage();
    expect(await screen.findByRole('heading', { name: 'This file is no longer available' })).toBeInTheDocument();
    b.unmount();
    mockApi({
      'GET /api/public/files/pic': () => fail(403, 'FORBIDDEN', 'no'),
      'GET /api/admin/settings': previewSettings(),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'You may not open this file' })).toBeInTheDocument();
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
    startApiKeySession('key-1', Permission.FILE_SHARE, { id: 'k1', name: 'laptop', basic_path: '/' });
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

  it('highlights code and renders Markdown from the token link', async () => {
    const code = 'const answer = 42;\n';
    mockApi({
      'GET /api/public/files/pic': () => ok(file({ filename: 'main.js', mimetype: 'text/javascript' })),
      'GET /api/admin/settings': previewSettings(),
      [`GET ${ORIGIN}/api/file-view/pic`]: () => new Response(code),
    });
    const view = renderPage();
    // JavaScript is scriptable: shown as highlighted source, never run.
    const keyword = await screen.findByText('const');
    expect(keyword).toHaveClass('hljs-keyword');
    expect(keyword.closest('pre')).not.toBeNull();
    view.unmount();

    mockApi({
      'GET /api/public/files/pic': () => ok(file({ filename: 'notes.md', mimetype: 'text/markdown' })),
      'GET /api/admin/settings': previewSettings(),
      [`GET ${ORIGIN}/api/file-view/pic`]: () =>
        new Response('# Notes\n\n<script>alert(1)</script> **bold**\nwrapped in the source'),
    });
    renderPage();
    const region = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(region).findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(within(region).getByText('bold').tagName).toBe('STRONG');
    expect(region.querySelector('script')).toBeNull();
    // A document, as on GitHub: a line wrapped in the source stays in its paragraph, no <br>.
    expect(region.querySelector('p br')).toBeNull();
  });

  it('says an empty text file is empty instead of showing an empty box', async () => {
    const requests = mockApi({
      'GET /api/public/files/pic': () => ok(file({ filename: 'empty.ts', mimetype: 'text/plain', size: 0 })),
      'GET /api/admin/settings': previewSettings(),
      [`GET ${ORIGIN}/api/file-view/pic`]: () => new Response(''),
    });
    renderPage();
    const region = await screen.findByRole('region', { name: 'Preview' });
    expect(within(region).getByText('This file is empty')).toBeInTheDocument();
    expect(region.querySelector('pre')).toBeNull();
    // Nothing to read: the preview link is not fetched.
    expect(requests.some((r) => r.url.startsWith(`${ORIGIN}/api/file-view/`))).toBe(false);
  });

  it('never renders HTML or SVG inline: source text or no preview', async () => {
    mockApi({
      'GET /api/public/files/pic': () => ok(file({ filename: 'logo.svg', mimetype: 'image/svg+xml' })),
      'GET /api/admin/settings': previewSettings(),
      [`GET ${ORIGIN}/api/file-view/pic`]: () => new Response('<svg onload="alert(1)"></svg>'),
    });
    const view = renderPage();
    const region = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(region).findByText(/onload/)).toBeInTheDocument();
    expect(region.querySelector('svg, img, iframe')).toBeNull();
    view.unmount();

    // html removed from the text list: no preview at all, not an iframe.
    mockApi({
      'GET /api/public/files/pic': () => ok(file({ filename: 'page.html', mimetype: 'text/html' })),
      'GET /api/admin/settings': previewSettings({ preview_text_types: 'txt' }),
    });
    renderPage();
    expect(await screen.findByText('No preview for this type')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Download' }).length).toBeGreaterThan(0);
  });

  it('follows the preview settings: video, audio, PDF and unknown types', async () => {
    const cases: [Partial<FilePublicDto>, (root: HTMLElement) => void][] = [
      [
        { filename: 'clip.mp4', mimetype: 'video/mp4' },
        (root) => expect(root.querySelector('video')).toHaveAttribute('src', `${ORIGIN}/api/file-view/pic?token=t1`),
      ],
      [{ filename: 'song.mp3', mimetype: 'audio/mpeg' }, (root) => expect(root.querySelector('audio')).not.toBeNull()],
      [
        { filename: 'doc.pdf', mimetype: 'application/pdf' },
        (root) => {
          expect(root.querySelector('iframe')).toHaveAttribute('src', `${ORIGIN}/api/file-view/pic?token=t1`);
          expect(within(root).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('target', '_blank');
        },
      ],
      [
        { filename: 'data.bin', mimetype: 'application/octet-stream' },
        (root) => expect(within(root).getByText('No preview for this type')).toBeInTheDocument(),
      ],
    ];
    for (const [overrides, check] of cases) {
      mockApi({ 'GET /api/public/files/pic': () => ok(file(overrides)), 'GET /api/admin/settings': previewSettings() });
      const view = renderPage();
      check(await screen.findByRole('region', { name: 'Preview' }));
      view.unmount();
    }
    // An admin who removes png from the image list gets no image preview.
    mockApi({
      'GET /api/public/files/pic': () => ok(file()),
      'GET /api/admin/settings': previewSettings({ preview_image_types: 'jpg' }),
    });
    renderPage();
    expect(await screen.findByText('No preview for this type')).toBeInTheDocument();
  });

  it('offers a PDF in a new tab and as a download where the browser cannot show it inside the page', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    try {
      mockApi({
        'GET /api/public/files/pic': () => ok(file({ filename: 'doc.pdf', mimetype: 'application/pdf' })),
        'GET /api/admin/settings': previewSettings(),
      });
      renderPage();
      const region = await screen.findByRole('region', { name: 'Preview' });
      expect(within(region).getByText('This browser does not show PDFs inside the page')).toBeInTheDocument();
      expect(region.querySelector('iframe')).toBeNull();
      expect(within(region).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
        'href',
        `${ORIGIN}/api/file-view/pic?token=t1`,
      );
      expect(within(region).getByRole('link', { name: 'Download' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'pdfViewerEnabled');
    }
  });

  it('opens Office files in the viewer chosen in settings, with the visit token', async () => {
    const direct = 'https://bucket.example/report.docx?sig=1';
    for (const [provider, expected] of [
      ['microsoft', `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(direct)}`],
      ['google', `https://docs.google.com/gview?embedded=true&url=${encodeURIComponent(direct)}`],
    ] as const) {
      const requests = mockApi({
        'GET /api/public/files/pic': () =>
          ok(
            file({
              filename: 'report.docx',
              mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            }),
          ),
        'GET /api/admin/settings': previewSettings({ preview_office_provider: provider }),
        'GET /api/office-preview/pic': () =>
          ok({
            url: direct,
            filename: 'report.docx',
            mimetype: 'x',
            expires_in: 3600,
            is_temporary: true,
            publicly_reachable: true,
          }),
      });
      const view = renderPage();
      const frame = await screen.findByTitle('Online preview of report.docx');
      // The long MIME type is named in words; the exact type stays in the tooltip.
      expect(screen.getByText('Word document')).toHaveAttribute(
        'title',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(frame).toHaveAttribute('src', expected);
      expect(requests.find((r) => r.url.startsWith('/api/office-preview/'))?.headers['X-File-Token']).toBe('t1');
      view.unmount();
    }
  });

  it('says why an Office file on a server the internet cannot reach gets no online preview', async () => {
    mockApi({
      'GET /api/public/files/pic': () =>
        ok(
          file({
            filename: 'report.docx',
            mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          }),
        ),
      'GET /api/admin/settings': previewSettings(),
      'GET /api/office-preview/pic': () =>
        ok({
          url: 'http://192.168.1.20:8787/api/local-storage/local/object?key=r.docx&sig=1',
          filename: 'report.docx',
          mimetype: 'x',
          expires_in: 3600,
          is_temporary: true,
          publicly_reachable: false,
        }),
    });
    renderPage();
    expect(await screen.findByText('No online preview from this address')).toBeInTheDocument();
    expect(
      screen.getByText(
        /The Microsoft Office viewer reads the file over the internet, and 192\.168\.1\.20:8787 cannot be reached/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('Online preview of report.docx')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Download' }).length).toBeGreaterThan(0);
  });

  it('warns on the last allowed view and offers no link that just stopped working', async () => {
    mockApi({
      'GET /api/public/files/pic': () => ok(file({ max_views: 2, views: 2, is_last_view: true })),
      'GET /api/admin/settings': previewSettings(),
    });
    renderPage();
    expect(await screen.findByText('This was the last allowed view')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('0 of 2 views left')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'QR code' })).toBeNull();
  });

  it('decodes text that is not UTF-8 as a Windows editor saves it (GBK when the bytes read as Chinese, else Windows-1252; too few to tell: by the page language), and honours a charset in its type', async () => {
    // Bytes that are not UTF-8: "你好，世界" in GBK, read as Chinese on an English page too.
    mockApi({
      'GET /api/public/files/pic': () => ok(file({ filename: 'note.txt', mimetype: 'text/plain' })),
      'GET /api/admin/settings': previewSettings(),
      [`GET ${ORIGIN}/api/file-view/pic`]: () =>
        new Response(new Uint8Array([0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xca, 0xc0, 0xbd, 0xe7])),
    });
    const chinese = renderPage();
    expect(await screen.findByText('你好，世界')).toBeInTheDocument();
    chinese.unmount();
    localStorage.clear();

    // Too few bytes to tell: "你" in GBK, "Äã" in Windows-1252.
    const gbk = new Uint8Array([0xc4, 0xe3]);
    const requests = mockApi({
      'GET /api/public/files/pic': () => ok(file({ filename: 'note.txt', mimetype: 'text/plain' })),
      'GET /api/admin/settings': previewSettings(),
      [`GET ${ORIGIN}/api/file-view/pic`]: () => new Response(gbk),
    });
    const view = renderPage();
    expect(await screen.findByText('Äã')).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
    });
    // Read again in the page's new language, from the bytes already fetched (the link may have expired).
    expect(await screen.findByText('你')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.startsWith(`${ORIGIN}/api/file-view/`))).toHaveLength(1);
    view.unmount();

    localStorage.clear();
    // "Ö" in ISO-8859-1 (0xd6) declared by the stored type.
    mockApi({
      'GET /api/public/files/pic': () =>
        ok(
          file({
            filename: 'note.txt',
            mimetype: 'text/plain; charset=iso-8859-1',
            previewUrl: `${ORIGIN}/api/file-view/pic?token=t2`,
          }),
        ),
      'GET /api/admin/settings': previewSettings(),
      [`GET ${ORIGIN}/api/file-view/pic`]: () => new Response(new Uint8Array([0x4f, 0x4b, 0x20, 0xd6])),
    });
    renderPage();
    expect(await screen.findByText('OK Ö')).toBeInTheDocument();
  });
});
