import { SETTING_DEFINITIONS } from '@driftbox/contract';
import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadRenderer } from '../../../components/markdown/use-rendered-markdown';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import type { FsEntryRef } from '../lib/fs-entry';
import { FS_EDIT_MAX_BYTES } from '../api/fs-file';
import { FsPreview } from './fs-preview';

const settings = () =>
  ok(SETTING_DEFINITIONS.filter((d) => d.group === 2).map((d) => ({ key: d.key, value: d.default })));

const entry = (name: string, extra: Partial<FsEntryRef> = {}): FsEntryRef => ({
  path: `/local/docs/${name}`,
  name,
  isDirectory: false,
  size: 12,
  modified: '2026-03-01T00:00:00.000Z',
  ...extra,
});

/** `GET /api/fs/get` answering for every path asked, with links as a LOCAL mount gives them. */
const get =
  (contentType: string, size = 12) =>
  (request: RecordedRequest) => {
    const path = new URL(request.url, 'http://x').searchParams.get('path') ?? '';
    const name = path.slice(path.lastIndexOf('/') + 1);
    return ok({
      path,
      name,
      isDirectory: false,
      size,
      modified: null,
      contentType,
      etag: 'e',
      preview_url: `/api/local-storage/view/${name}?sig=1`,
      download_url: `/api/local-storage/dl/${name}?sig=1`,
    });
  };

const folder = entry('sub', { isDirectory: true, size: null });
const siblings = [folder, entry('a.png'), entry('b.png'), entry('c.png')];

beforeAll(async () => {
  await loadRenderer();
});

describe('FsPreview', () => {
  it('shows an image from its view link and steps through the folder’s files with ← and →', async () => {
    mockApi({ 'GET /api/fs/get': get('image/png'), 'GET /api/admin/settings': settings });
    const onNavigate = vi.fn();
    renderWithApp(
      <FsPreview entry={siblings[2]!} siblings={siblings} onNavigate={onNavigate} onClose={vi.fn()} canEdit />,
    );
    const image = await screen.findByRole('img', { name: 'b.png' });
    expect(image).toHaveAttribute('src', '/api/local-storage/view/b.png?sig=1');
    // Folders are not stepped through: b is the 2nd of 3 files.
    expect(screen.getByText(/2 of 3/)).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(onNavigate).toHaveBeenLastCalledWith(siblings[3]);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(onNavigate).toHaveBeenLastCalledWith(siblings[1]);
    // No edit button for an image.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('stops at the ends: the first file has no previous', async () => {
    mockApi({ 'GET /api/fs/get': get('image/png'), 'GET /api/admin/settings': settings });
    const onNavigate = vi.fn();
    renderWithApp(
      <FsPreview entry={siblings[1]!} siblings={siblings} onNavigate={onNavigate} onClose={vi.fn()} canEdit />,
    );
    await screen.findByRole('img', { name: 'a.png' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('highlights code read through the authorised download', async () => {
    const requests = mockApi({
      'GET /api/fs/get': get('text/javascript'),
      'GET /api/admin/settings': settings,
      'GET /api/fs/download': () => new Response('const answer = 42;\n'),
    });
    const js = entry('main.js');
    renderWithApp(<FsPreview entry={js} siblings={[js]} onNavigate={vi.fn()} onClose={vi.fn()} canEdit={false} />);
    const keyword = await screen.findByText('const');
    expect(keyword).toHaveClass('hljs-keyword');
    expect(requests.find((r) => r.url.startsWith('/api/fs/download'))?.url).toContain(
      encodeURIComponent('/local/docs/main.js'),
    );
    // Without the upload bit there is nothing to edit.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says why a file cannot be opened', async () => {
    mockApi({
      'GET /api/fs/get': () => fail(404, 'NOT_FOUND', 'Path not found'),
      'GET /api/admin/settings': settings,
    });
    const gone = entry('gone.txt');
    renderWithApp(<FsPreview entry={gone} siblings={[gone]} onNavigate={vi.fn()} onClose={vi.fn()} canEdit />);
    expect(await screen.findByText('This file could not be opened')).toBeInTheDocument();
  });

  it('offers in-place editing up to 10 MB, not above', async () => {
    let size = FS_EDIT_MAX_BYTES;
    mockApi({
      'GET /api/fs/get': (request) => get('text/plain', size)(request),
      'GET /api/admin/settings': settings,
      'GET /api/fs/download': () => new Response('hello\n'),
    });
    const at = entry('at-limit.txt', { size: FS_EDIT_MAX_BYTES });
    const view = renderWithApp(<FsPreview entry={at} siblings={[at]} onNavigate={vi.fn()} onClose={vi.fn()} canEdit />);
    await within(await screen.findByRole('dialog', { name: 'at-limit.txt' })).findByText('Too large to preview');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    view.unmount();

    size = FS_EDIT_MAX_BYTES + 1;
    const over = entry('over-limit.txt', { size: FS_EDIT_MAX_BYTES + 1 });
    renderWithApp(<FsPreview entry={over} siblings={[over]} onNavigate={vi.fn()} onClose={vi.fn()} canEdit />);
    // Over 1 MB a text file is not previewed; over 10 MB it is not offered for editing either.
    const dialog = await screen.findByRole('dialog', { name: 'over-limit.txt' });
    await within(dialog).findByText('Too large to preview');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('edits a text file in place and saves it through /api/fs/update', async () => {
    let stored = 'hello\n';
    const requests = mockApi({
      'GET /api/fs/get': get('text/plain', stored.length),
      'GET /api/admin/settings': settings,
      'GET /api/fs/download': () => new Response(stored),
      'POST /api/fs/update': (request) => {
        stored = (request.body as { content: string }).content;
        return ok({ success: true });
      },
    });
    const note = entry('note.txt');
    renderWithApp(<FsPreview entry={note} siblings={[note]} onNavigate={vi.fn()} onClose={vi.fn()} canEdit />);
    await screen.findByText('hello');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('textbox', { name: 'Markdown content' }, { timeout: 10_000 });
    // The editor settles (its chunk loaded, the document in place) before it is typed into.
    await waitFor(() =>
      expect(
        EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Markdown content' }))?.state.doc.toString(),
      ).toBe('hello\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const view = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Markdown content' }))!;
    act(() => {
      view.dispatch({ changes: { from: view.state.doc.length, insert: 'world' }, userEvent: 'input.type' });
    });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/fs/update'))).toBe(true));
    expect(requests.find((r) => r.url.startsWith('/api/fs/update'))?.body).toEqual({
      path: '/local/docs/note.txt',
      content: 'hello\nworld',
    });
    // Back to the preview, which reads the saved text again.
    const region = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(region).findByText(/world/)).toBeInTheDocument();
  }, 20_000);
});
