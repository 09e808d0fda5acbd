import type { ListPagination, PasteDetailDto, PasteListItemDto } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRenderer } from '../../../components/markdown/use-rendered-markdown';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { TextManagementPage } from './text-management-page';

const row = (n: number, overrides: Partial<PasteListItemDto> = {}): PasteListItemDto => ({
  id: `p${n}`,
  slug: `slug${n}`,
  title: null,
  is_public: true,
  remark: `remark ${n}`,
  has_password: false,
  expires_at: null,
  max_views: 0,
  view_count: 0,
  created_by: 'admin-1',
  key_name: null,
  content_preview: `Content ${n}`,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

/** A list answer with the original's top-level `pagination` beside `data`. */
function page(items: PasteListItemDto[], pagination: Partial<ListPagination> = {}): Response {
  const full: ListPagination = {
    total: items.length,
    limit: 10,
    offset: 0,
    hasMore: false,
    page: 1,
    totalPages: 1,
    ...pagination,
  };
  return new Response(JSON.stringify({ code: 200, message: 'OK', data: items, success: true, pagination: full }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const query = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '/', 'http://x').searchParams);
const lists = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/pastes?'));

beforeAll(async () => {
  await loadRenderer();
});

beforeEach(() => {
  startAdminSession('tok');
});

describe('text management list', () => {
  it('shows each paste with its link, remark, preview, protection, views and expiry', async () => {
    mockApi({
      'GET /api/pastes': () =>
        page([
          row(1, { has_password: true, max_views: 2, view_count: 2, key_name: 'laptop', created_by: 'apikey:k1' }),
          row(2, { expires_at: '2000-01-01T00:00:00.000Z', title: 'Plain title' }),
        ]),
    });
    renderWithApp(<TextManagementPage />);
    const titled = (await screen.findByRole('link', { name: 'slug2' })).closest('tr')!;
    expect(within(titled).getByText('Plain title')).toBeInTheDocument();
    expect(within(titled).getByText('remark 2')).toBeInTheDocument();
    const first = (await screen.findByRole('link', { name: 'slug1' })).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'slug1' })).toHaveAttribute('href', '/paste/slug1');
    expect(within(first).getByText('by key laptop')).toBeInTheDocument();
    expect(within(first).getByText('Content 1')).toBeInTheDocument();
    expect(within(first).getByText('Protected')).toBeInTheDocument();
    expect(within(first).getByText('Used up')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: 'slug2' }).closest('tr')!;
    expect(within(second).getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('2 texts · 0 selected')).toBeInTheDocument();
  });

  it('searches from 2 characters on, back on page 1', async () => {
    const requests = mockApi({ 'GET /api/pastes': () => page([row(1)], { total: 25, totalPages: 3 }) });
    const user = userEvent.setup();
    renderWithApp(<TextManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(query(lists(requests).at(-1))).toEqual({ page: '2', limit: '10' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search texts' }), 'a');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lists(requests).every((r) => !query(r).search)).toBe(true);

    await user.type(screen.getByRole('searchbox', { name: 'Search texts' }), 'b');
    await waitFor(() => expect(query(lists(requests).at(-1))).toEqual({ limit: '10', search: 'ab' }));
  });

  it('says when a search finds nothing, and shows an error state with retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/pastes': () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL', 'boom') : page([]);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TextManagementPage />);
    expect(await screen.findByText('Could not load the text list')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No texts shared yet')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search texts' }), 'zz');
    expect(await screen.findByText('No texts match')).toBeInTheDocument();
  });

  it('batch-deletes the selected rows after one confirmation', async () => {
    let deleted: unknown;
    mockApi({
      'GET /api/pastes': () => page([row(1), row(2), row(3)]),
      'DELETE /api/pastes/batch-delete': (request) => {
        deleted = request.body;
        return ok({ deleted: 2 });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TextManagementPage />);
    await screen.findByRole('link', { name: 'slug1' });
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('No texts selected')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select text slug1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select text slug3' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 texts?' });
    expect(deleted).toBeUndefined();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual({ ids: ['p1', 'p3'] }));
    expect(await screen.findByText('2 texts deleted')).toBeInTheDocument();
  });

  it('clears expired texts after confirming', async () => {
    const requests = mockApi({
      'GET /api/pastes': () => page([row(1)]),
      'POST /api/pastes/clear-expired': () => ok({ deleted: 3 }),
    });
    const user = userEvent.setup();
    renderWithApp(<TextManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Clear expired' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear expired' }));
    expect(await screen.findByText('3 expired texts cleared')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/pastes/clear-expired']);
  });
});

describe('row actions', () => {
  const full: PasteDetailDto = {
    ...row(1),
    content: '# Hello\n\nBody',
    has_password: true,
    max_views: 0,
  } as PasteDetailDto;

  it('previews the rendered content without counting a view', async () => {
    const requests = mockApi({ 'GET /api/pastes': () => page([row(1)]), 'GET /api/pastes/p1': () => ok(full) });
    const user = userEvent.setup();
    renderWithApp(<TextManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Preview text slug1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of slug1' });
    expect(await within(dialog).findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(requests.some((r) => r.url.startsWith('/api/paste/'))).toBe(false);
  });

  it('edits every field, including a new link and removing the password', async () => {
    let sent: unknown;
    mockApi({
      'GET /api/pastes': () => page([row(1)]),
      'GET /api/pastes/p1': () => ok(full),
      'PUT /api/pastes/p1': (request) => {
        sent = request.body;
        return ok({ ...full, slug: 'moved' });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TextManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit text slug1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit slug1' });
    const slug = await within(dialog).findByLabelText('Link suffix');
    await user.clear(slug);
    await user.type(slug, 'moved');
    await user.selectOptions(within(dialog).getByLabelText('Expiry'), 'month');
    await user.type(within(dialog).getByLabelText('Max views'), '7');
    await user.click(within(dialog).getByText('Remove the password'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual({ newSlug: 'moved', expiry: 'month', maxViews: 7, clearPassword: true }));
    expect(await screen.findByText('Text moved saved')).toBeInTheDocument();
  });

  it('asks before Escape drops an edit, and keeps it on "Keep editing"', async () => {
    mockApi({ 'GET /api/pastes': () => page([row(1)]), 'GET /api/pastes/p1': () => ok(full) });
    const user = userEvent.setup();
    renderWithApp(<TextManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit text slug1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit slug1' });
    await user.type(await within(dialog).findByLabelText('Max views'), '7');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(within(screen.getByRole('dialog', { name: 'Edit slug1' })).getByLabelText('Max views')).toHaveValue('7');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Edit slug1' })).getByRole('button', { name: 'Cancel' }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit slug1' })).toBeNull());
  });

  it('shows a taken link suffix on the field', async () => {
    mockApi({
      'GET /api/pastes': () => page([row(1)]),
      'GET /api/pastes/p1': () => ok(full),
      'PUT /api/pastes/p1': () => fail(409, 'SLUG_TAKEN', 'taken'),
    });
    const user = userEvent.setup();
    renderWithApp(<TextManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit text slug1' }));
    const slug = await screen.findByLabelText('Link suffix');
    await user.type(slug, '-2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Link suffix already taken, try another')).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
  });
});
