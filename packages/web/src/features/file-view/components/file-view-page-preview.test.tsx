import { type FilePublicDto } from '@driftbox/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/site/i18n';
import { mockApi, ok } from '../../../test/http';
import { DOCX, file, officePreview, ORIGIN, previewSettings, renderPage, setUpFilePageTests } from '../test/fixtures';

setUpFilePageTests();

describe('file page: previews', () => {
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
        'GET /api/public/files/pic': () => ok(file(DOCX)),
        'GET /api/admin/settings': previewSettings({ preview_office_provider: provider }),
        'GET /api/office-preview/pic': officePreview(direct),
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
      'GET /api/public/files/pic': () => ok(file(DOCX)),
      'GET /api/admin/settings': previewSettings(),
      'GET /api/office-preview/pic': officePreview(
        'http://192.168.1.20:8787/api/local-storage/local/object?key=r.docx&sig=1',
        false,
      ),
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
