import { CONTENT_LIMIT_BYTES, Permission } from '@driftbox/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, startAdminSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { DRAFT_DEBOUNCE_MS, DRAFT_STORAGE_KEY } from '../hooks/use-draft';
import { PasteEditorPage } from './paste-editor-page';

const created = {
  id: 'p1',
  slug: 'trip',
  title: null,
  is_public: true,
  remark: null,
  expiresAt: '2026-03-08T00:00:00.000Z',
  maxViews: 2,
  hasPassword: true,
  createdAt: '2026-03-01T00:00:00.000Z',
  authorizedBy: 'admin',
};

/** The CodeMirror view behind the labelled editor, once its chunk has loaded. */
async function editorView(): Promise<EditorView> {
  const textbox = await screen.findByRole('textbox', { name: 'Markdown content' }, { timeout: 10_000 });
  const view = EditorView.findFromDOM(textbox);
  if (!view) throw new Error('no editor view');
  return view;
}

/** Types into the editor the way CodeMirror receives input: as a user transaction. */
function typeInEditor(view: EditorView, text: string) {
  act(() => {
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}

beforeEach(() => {
  reloadAuthFromStorage();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('draft autosave', () => {
  it('restores the stored draft into the editor', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, '# Kept from last time');
    renderWithApp(<PasteEditorPage />);
    const view = await editorView();
    expect(view.state.doc.toString()).toBe('# Kept from last time');
    expect(screen.getByText('Draft saved in this browser')).toBeInTheDocument();
  });

  it('saves 1 s after the last change, not before', async () => {
    renderWithApp(<PasteEditorPage />);
    const view = await editorView();
    vi.useFakeTimers();
    typeInEditor(view, 'Hello');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS - 100));
    typeInEditor(view, ' world');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS - 100));
    // Still typing: nothing written yet.
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    expect(screen.getByText('Saving draft…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBe('Hello world');
    expect(screen.getByText('Draft saved in this browser')).toBeInTheDocument();
  });

  it('leaving within the second after typing still keeps the text (page left, tab closed)', async () => {
    const page = renderWithApp(<PasteEditorPage />);
    const view = await editorView();
    typeInEditor(view, 'Last words');
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBe('Last words');
    typeInEditor(view, ' and more');
    page.unmount();
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBe('Last words and more');
  });

  it('says so when the browser refuses to store the draft', async () => {
    renderWithApp(<PasteEditorPage />);
    const view = await editorView();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.useFakeTimers();
    typeInEditor(view, 'big');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS));
    expect(screen.getByText(/Auto-save failed/)).toBeInTheDocument();
  });

  it('clears the editor and the stored draft after confirming', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, 'old text');
    const user = userEvent.setup();
    renderWithApp(<PasteEditorPage />);
    const view = await editorView();
    await user.click(screen.getByRole('button', { name: 'Clear draft' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(view.state.doc.toString()).toBe(''));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('imports a local Markdown file and refuses one over 10 MB', async () => {
    const user = userEvent.setup();
    const { container } = renderWithApp(<PasteEditorPage />);
    const view = await editorView();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['# From disk'], 'notes.md', { type: 'text/markdown' }));
    await waitFor(() => expect(view.state.doc.toString()).toBe('# From disk'));
    const huge = new File(['x'], 'huge.md');
    Object.defineProperty(huge, 'size', { value: CONTENT_LIMIT_BYTES + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText('Content is larger than 10 MB')).toBeInTheDocument();
    expect(view.state.doc.toString()).toBe('# From disk');
  });
});

describe('creating a share', () => {
  it('sends the options and shows the link, QR code and raw link', async () => {
    startAdminSession('tok');
    localStorage.setItem(DRAFT_STORAGE_KEY, '# Trip');
    let sent: RecordedRequest | undefined;
    mockApi({
      'POST /api/paste': (request) => {
        sent = request;
        return ok(created, 201);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<PasteEditorPage />);
    await editorView();
    await user.type(screen.getByLabelText('Link suffix'), 'trip');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.selectOptions(screen.getByLabelText('Expiry'), 'week');
    await user.type(screen.getByLabelText('Max views'), '2');
    await user.click(screen.getByRole('button', { name: 'Create share' }));

    expect(await screen.findByLabelText('Share link')).toHaveValue(`${window.location.origin}/paste/trip`);
    expect(sent?.body).toEqual({ content: '# Trip', slug: 'trip', password: 'secret', expiry: 'week', maxViews: 2 });
    expect(sent?.headers.Authorization).toBe('Bearer tok');
    expect(screen.getByLabelText('Raw link')).toHaveValue(`${window.location.origin}/api/raw/trip`);
    expect(screen.getByRole('img', { name: 'QR code to open this paste' })).toBeInTheDocument();
    // The text is on the server now: the local draft is dropped.
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('refuses empty content and a bad link suffix before sending anything', async () => {
    startAdminSession('tok');
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithApp(<PasteEditorPage />);
    await editorView();
    await user.type(screen.getByLabelText('Link suffix'), 'no spaces');
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(await screen.findByText('Content is empty: write something first')).toBeInTheDocument();
    expect(screen.getByText('Use only letters, digits, hyphens and underscores')).toBeInTheDocument();
    expect(screen.getByLabelText('Link suffix')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it.each([
    [fail(409, 'SLUG_TAKEN', 'taken'), 'Link suffix already taken, try another'],
    [fail(413, 'PAYLOAD_TOO_LARGE', 'big'), 'The server refused the content: it is too large'],
    [fail(403, 'PERMISSION_DENIED', 'no'), 'You have no permission to do this'],
    [fail(500, 'INTERNAL', 'Database is down'), 'Save failed: Server error, please try again later'],
  ])('translates a failed save (%#)', async (answer, message) => {
    startAdminSession('tok');
    localStorage.setItem(DRAFT_STORAGE_KEY, 'text');
    mockApi({ 'POST /api/paste': () => answer });
    const user = userEvent.setup();
    renderWithApp(<PasteEditorPage />);
    await editorView();
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('tells a visitor to log in, and a key without text permission that it cannot share', async () => {
    const { unmount } = renderWithApp(<PasteEditorPage />);
    expect(screen.getByText('Log in to share')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'Create share' })).toBeDisabled();
    unmount();

    startApiKeySession('k', Permission.FILE_SHARE, { id: 'k1', name: 'files', basic_path: '/' });
    renderWithApp(<PasteEditorPage />);
    expect(screen.getByText('This API key cannot share text')).toBeInTheDocument();
  });
});
