import { Permission, type PasteDetailDto, type PasteLockedDto, type PasteViewDto } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRenderer } from '../../../components/markdown/use-rendered-markdown';
import { reloadAuthFromStorage, startAdminSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { PasteViewPage } from './paste-view-page';

const meta = {
  slug: 'trip',
  remark: null,
  expiresAt: null,
  maxViews: 0,
  views: 1,
  createdAt: '2026-03-01T00:00:00.000Z',
  created_by: 'admin-1',
  title: null,
};
const view = (overrides: Partial<PasteViewDto> = {}): PasteViewDto => ({
  ...meta,
  content: '# Trip notes\n\n## Day 1\n\n## Day 2\n\nPack **sunscreen**.',
  updatedAt: meta.createdAt,
  hasPassword: false,
  requiresPassword: false,
  isLastView: false,
  ...overrides,
});
const locked: PasteLockedDto = { ...meta, hasPassword: true, requiresPassword: true };
const detail = (overrides: Partial<PasteDetailDto> = {}): PasteDetailDto => ({
  id: 'p1',
  slug: 'trip',
  title: null,
  is_public: true,
  content: '# Owner copy',
  remark: 'mine',
  has_password: false,
  expires_at: null,
  max_views: 2,
  view_count: 2,
  created_by: 'apikey:k1',
  key_name: 'laptop',
  created_at: meta.createdAt,
  updated_at: meta.createdAt,
  ...overrides,
});

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/paste/:slug" element={<PasteViewPage />} />
    </Routes>,
    { route: '/paste/trip' },
  );
}

// The renderer is a lazy chunk; load it once up front so the tests wait for the page, not the import.
beforeAll(async () => {
  await loadRenderer();
});

beforeEach(() => {
  reloadAuthFromStorage();
  sessionStorage.clear();
});

describe('paste page for visitors', () => {
  it('heads the page with the title and shows the remark beneath it', async () => {
    mockApi({ 'GET /api/paste/trip': () => ok(view({ title: '密码文本 title', remark: 'password paste' })) });
    renderPage();
    expect(await screen.findByRole('heading', { name: '密码文本 title', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('password paste')).toBeInTheDocument();
  });

  it('shows the rendered document with its table of contents after loading', async () => {
    mockApi({ 'GET /api/paste/trip': () => ok(view()) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Trip notes', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('sunscreen').tagName).toBe('STRONG');
    const toc = screen.getAllByRole('navigation', { name: 'Contents' })[0]!;
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#md-trip-notes', '#md-day-1', '#md-day-2']);
    expect(screen.getByRole('link', { name: 'Raw' })).toHaveAttribute('href', `${window.location.origin}/api/raw/trip`);
    expect(screen.queryByText('This was the last allowed view')).toBeNull();
  });

  it('warns when this was the last allowed view', async () => {
    mockApi({ 'GET /api/paste/trip': () => ok(view({ maxViews: 2, views: 2, isLastView: true })) });
    renderPage();
    expect(await screen.findByText('This was the last allowed view')).toBeInTheDocument();
    expect(screen.getByText('2 of 2 views')).toBeInTheDocument();
  });

  it('has distinct pages for an unknown and for an expired or used-up paste', async () => {
    mockApi({ 'GET /api/paste/trip': () => fail(404, 'NOT_FOUND', 'Paste not found') });
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Paste not found' })).toBeInTheDocument();
    unmount();

    mockApi({ 'GET /api/paste/trip': () => fail(410, 'GONE', 'gone') });
    renderPage();
    expect(await screen.findByRole('heading', { name: /used up/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paste not found' })).toBeNull();
  });

  it('asks for the password, refuses a wrong one, then shows the content and keeps the access token', async () => {
    const unlocked = {
      ...view({ hasPassword: true }),
      accessToken: 'tok-123',
      accessTokenExpiresAt: '2999-01-01T00:00:00.000Z',
    };
    // Answers as the server sends them: `data`, the same fields at the top level for the original's
    // client, and there the password the request sent (`plain_password`), which the page must ignore.
    const requests = mockApi({
      'GET /api/paste/trip': () => ok(locked, 200, locked),
      'POST /api/paste/trip': (request) =>
        (request.body as { password: string }).password === 'right'
          ? ok(unlocked, 200, { ...unlocked, plain_password: 'right' })
          : fail(401, 'WRONG_PASSWORD', 'Wrong password'),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This paste is protected' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Enter the password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('heading', { name: 'Trip notes', level: 2 })).toBeInTheDocument();
    // The form (and its focus) went away: focus is on the paste's own heading, not on the page's body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    // The raw link carries the token, never the password.
    expect(screen.getByRole('link', { name: 'Raw' })).toHaveAttribute(
      'href',
      `${window.location.origin}/api/raw/trip?token=tok-123`,
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { password: 'wrong' },
      { password: 'right' },
    ]);
    const stored = [sessionStorage, localStorage].flatMap((store) => Object.values({ ...store }));
    expect(stored.join('\n')).toContain('tok-123');
    expect(stored.join('\n')).not.toContain('right');
  });

  it('reads again with the stored token instead of asking for the password', async () => {
    sessionStorage.setItem(
      'driftbox-paste-token:trip',
      JSON.stringify({ token: 'tok-9', expiresAt: '2999-01-01T00:00:00.000Z' }),
    );
    const requests = mockApi({ 'GET /api/paste/trip': () => ok(view({ hasPassword: true })) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Trip notes', level: 2 })).toBeInTheDocument();
    expect(requests[0]?.headers['X-Paste-Token']).toBe('tok-9');
  });

  it('shows the gone page when the paste runs out while the form is open', async () => {
    mockApi({ 'GET /api/paste/trip': () => ok(locked), 'POST /api/paste/trip': () => fail(410, 'GONE', 'gone') });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('heading', { name: /used up/ })).toBeInTheDocument();
  });
});

describe('paste page for its owner', () => {
  it('reads through the management detail (no view counted) and edits in place', async () => {
    startApiKeySession('key', Permission.TEXT | Permission.TEXT_MANAGE, { id: 'k1', name: 'laptop', basic_path: '/' });
    let saved: unknown;
    let current = detail();
    const requests = mockApi({
      'GET /api/pastes/trip': () => ok(current),
      'PUT /api/pastes/p1': (request) => {
        saved = request.body;
        current = detail({ remark: 'renamed', max_views: 0, view_count: 0 });
        return ok(current);
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Owner copy', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Visitors can no longer open it: its views are used up')).toBeInTheDocument();
    expect(requests.some((r) => r.url.startsWith('/api/paste/'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const remark = await screen.findByLabelText('Remark');
    await user.clear(remark);
    await user.type(remark, 'renamed');
    await user.clear(screen.getByLabelText('Max views'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toEqual({ remark: 'renamed', maxViews: 0 }));
    expect(await screen.findByRole('heading', { name: 'renamed', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/views are used up/)).toBeNull();
    // The form is gone: focus is back on Edit.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });

  it('treats a key that did not create the paste as a visitor', async () => {
    startApiKeySession('key', Permission.TEXT | Permission.TEXT_MANAGE, {
      id: 'other',
      name: 'other',
      basic_path: '/',
    });
    mockApi({ 'GET /api/pastes/trip': () => fail(404, 'NOT_FOUND', 'no'), 'GET /api/paste/trip': () => ok(view()) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Trip notes', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('lets the admin open any paste as its manager', async () => {
    startAdminSession('tok');
    mockApi({ 'GET /api/pastes/trip': () => ok(detail({ created_by: 'apikey:someone', max_views: 0 })) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('You manage this paste')).toBeInTheDocument();
  });

  it("the owner's Raw opens the text at hand, not the server's raw link (which would count a view)", async () => {
    const created: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:owner-copy');
    URL.revokeObjectURL = () => undefined;
    try {
      startAdminSession('tok');
      mockApi({ 'GET /api/pastes/trip': () => ok(detail({ max_views: 1 })) });
      renderPage();
      await waitFor(() => expect(screen.getByRole('link', { name: 'Raw' })).toHaveAttribute('href', 'blob:owner-copy'));
      expect(created[0]?.type).toBe('text/plain;charset=utf-8');
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });
});
