import { Permission, type FileDto, type ListPagination } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { useLocation, useNavigate } from 'react-router';
import { FileManagementPage } from './file-management-page';

const row = (n: number, overrides: Partial<FileDto> = {}): FileDto => ({
  id: `f${n}`,
  slug: `slug${n}`,
  filename: `file${n}.png`,
  mimetype: 'image/png',
  size: 1536 * n,
  remark: `remark ${n}`,
  has_password: false,
  expires_at: null,
  max_views: 0,
  views: 0,
  use_proxy: 1,
  storage_config_id: 'local',
  storage_config_name: 'Local disk',
  storage_type: 'LOCAL',
  provider_type: 'LOCAL',
  storage_path: `file${n}.png`,
  file_path: null,
  etag: null,
  created_by: 'admin-1',
  key_name: null,
  type: 5,
  typeName: 'image',
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

function page(items: FileDto[], pagination: Partial<ListPagination> = {}): Response {
  const full: ListPagination = {
    total: items.length,
    limit: 50,
    offset: 0,
    hasMore: false,
    page: 1,
    totalPages: 1,
    ...pagination,
  };
  return new Response(
    JSON.stringify({ code: 200, message: 'OK', data: { files: items, pagination: full }, success: true }),
    {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    },
  );
}

const query = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '/', 'http://x').searchParams);
const lists = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/files?'));
/** The page's query string, and the browser's Back button. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Query string">{location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

const queryString = () => screen.getByRole('status', { name: 'Query string' }).textContent;
const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'span[title]' })).closest('tr')!;

/** Renders the page, waits for the file's row and opens its edit dialog. */
async function openEdit(name: string): Promise<HTMLElement> {
  renderWithApp(<FileManagementPage />);
  await rowOf(name);
  await userEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

/** Replaces a field's text as a user would. */
async function retype(field: HTMLElement, text: string): Promise<void> {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

beforeEach(() => {
  startAdminSession('tok');
});

describe('file management', () => {
  it('lists shares with type, size, views, expiry, storage and creator', async () => {
    const requests = mockApi({
      'GET /api/files': () =>
        page([
          row(1, {
            has_password: true,
            max_views: 2,
            views: 2,
            key_name: 'laptop',
            created_by: 'apikey:k1',
            use_proxy: 0,
          }),
          row(2, { expires_at: '2000-01-01T00:00:00.000Z' }),
        ]),
    });
    renderWithApp(<FileManagementPage />);
    const first = await rowOf('file1.png');
    expect(screen.getByText(/^Every shared file/)).toBeInTheDocument();
    expect(within(first).getByText('by key laptop', { exact: false })).toBeInTheDocument();
    expect(within(first).getByLabelText('Password protected')).toBeInTheDocument();
    expect(within(first).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(first).getByText('Used up')).toBeInTheDocument();
    expect(within(first).getByText('Direct link')).toBeInTheDocument();
    // When it was created is said under the name too, where the card is too narrow for the Created column.
    expect(within(first).getByText('/slug1').parentElement?.textContent).toMatch(/^\/slug1 · by key laptop · .+ ago$/);
    // A real link, so middle-click and "copy link address" work.
    expect(within(first).getByRole('link', { name: 'Open file1.png' })).toHaveAttribute('href', '/file/slug1');
    const second = await rowOf('file2.png');
    expect(within(second).getByText('Expired')).toBeInTheDocument();
    // The time is shown, not only the date (a tooltip is out of reach on touch).
    const expiry = new Date('2000-01-01T00:00:00.000Z');
    expect(
      within(second).getByText(new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(expiry)),
    ).toBeInTheDocument();
    expect(within(second).getByText('Proxy')).toBeInTheDocument();
    expect(screen.getByText('2 files · 0 selected')).toBeInTheDocument();
    expect(query(lists(requests)[0])).toEqual({ limit: '50', offset: '0' });
  });

  it('searches with at least 2 characters and pages by 50', async () => {
    const requests = mockApi({
      'GET /api/files': (r) => (query(r).search ? page([row(3)]) : page([row(1)], { total: 120, totalPages: 3 })),
    });
    renderWithApp(<FileManagementPage />);
    await rowOf('file1.png');
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(query(lists(requests).at(-1))).toEqual({ limit: '50', offset: '50' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search files' }), 'a');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search files' }), 'b');
    await rowOf('file3.png');
    expect(query(lists(requests).at(-1))).toEqual({ limit: '50', offset: '0', search: 'ab' });
  });

  it('keeps the page and the search in the URL, so a reload or Back returns to them', async () => {
    const requests = mockApi({
      'GET /api/files': (r) => page([row(Number(query(r).offset) / 50 + 1)], { total: 120, totalPages: 3 }),
    });
    const view = renderWithApp(
      <>
        <FileManagementPage />
        <LocationProbe />
      </>,
      { route: '/admin/file-management?q=file&page=2' },
    );
    await rowOf('file2.png');
    expect(query(lists(requests)[0])).toEqual({ limit: '50', offset: '50', search: 'file' });
    expect(screen.getByRole('searchbox', { name: 'Search files' })).toHaveValue('file');

    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await rowOf('file3.png');
    expect(queryString()).toBe('?q=file&page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await rowOf('file2.png');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    // A new term starts from page 1.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search files' }), 's');
    await waitFor(() => expect(queryString()).toBe('?q=files'));
    await rowOf('file1.png');
    view.unmount();

    // A reload of that address lists the same again.
    renderWithApp(<FileManagementPage />, { route: '/admin/file-management?q=files&page=3' });
    await rowOf('file3.png');
    expect(query(lists(requests).at(-1))).toEqual({ limit: '50', offset: '100', search: 'files' });
  });

  it('moves a page from the URL that no longer exists to the last page', async () => {
    const requests = mockApi({
      'GET /api/files': (r) =>
        query(r).offset === '100'
          ? page([row(3)], { total: 120, totalPages: 3 })
          : page([], { total: 120, totalPages: 3 }),
    });
    renderWithApp(
      <>
        <FileManagementPage />
        <LocationProbe />
      </>,
      { route: '/admin/file-management?page=9' },
    );
    await rowOf('file3.png');
    expect(queryString()).toBe('?page=3');
    expect(lists(requests).map((r) => query(r).offset)).toEqual(['400', '100']);
  });

  it('moves to the first page when none is left, and shows the empty state there', async () => {
    mockApi({ 'GET /api/files': () => page([], { total: 0, totalPages: 0 }) });
    renderWithApp(
      <>
        <FileManagementPage />
        <LocationProbe />
      </>,
      { route: '/admin/file-management?page=2' },
    );
    expect(await screen.findByText('No shared files yet')).toBeInTheDocument();
    await waitFor(() => expect(queryString()).not.toContain('page=2'));
  });

  it('shows empty, empty-search and error states', async () => {
    mockApi({ 'GET /api/files': () => page([]) });
    const view = renderWithApp(<FileManagementPage />);
    expect(await screen.findByText('No shared files yet')).toBeInTheDocument();
    view.unmount();
    mockApi({ 'GET /api/files': () => fail(500, 'INTERNAL', 'boom') });
    renderWithApp(<FileManagementPage />);
    expect(await screen.findByText('Files could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('edits remark, max views, password and proxy mode, sending only the changes', async () => {
    const requests = mockApi({
      'GET /api/files': () => page([row(1, { has_password: true, max_views: 3, views: 1 })]),
      'PUT /api/files/f1': () =>
        ok({
          ...row(1),
          url: 'u',
          preview_url: 'p',
          download_url: 'd',
          previewUrl: 'p',
          downloadUrl: 'd',
          proxy_preview_url: 'p',
          proxy_download_url: 'd',
          urls: { previewUrl: 'p', downloadUrl: 'd', proxyPreviewUrl: 'p', proxyDownloadUrl: 'd', use_proxy: 1 },
        }),
    });
    const dialog = await openEdit('file1.png');
    await retype(within(dialog).getByLabelText('Remark'), 'new remark');
    await retype(within(dialog).getByLabelText('Max views'), '10');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Remove the password' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Serve through the server' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      remark: 'new remark',
      max_views: 10,
      clear_password: true,
      use_proxy: false,
    });
  });

  it('offers "Never" once: as the kept expiry of a share that never expires, as a choice for one that does', async () => {
    mockApi({
      'GET /api/files': () => page([row(1, { expires_at: null }), row(2, { expires_at: '2030-01-01T00:00:00.000Z' })]),
    });
    let dialog = await openEdit('file1.png');
    const labels = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(labels(within(dialog).getByLabelText('Expiry'))).toEqual([
      'Keep (Never)',
      '1 hour from now',
      '1 day from now',
      '7 days from now',
      '30 days from now',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openEdit('file2.png');
    expect(labels(within(dialog).getByLabelText('Expiry')).at(-1)).toBe('Never');
  });

  it('says the largest max views allowed when the edit goes above it', async () => {
    const requests = mockApi({ 'GET /api/files': () => page([row(1)]) });
    const dialog = await openEdit('file1.png');
    await retype(within(dialog).getByLabelText('Max views'), '1000000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('A whole number from 0 to 1,000,000,000')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the server’s field errors in the edit dialog', async () => {
    mockApi({
      'GET /api/files': () => page([row(1)]),
      'PUT /api/files/f1': (r) =>
        (r.body as { slug?: string }).slug === 'taken'
          ? fail(409, 'SLUG_TAKEN', 'taken')
          : fail(400, 'VALIDATION_FAILED', 'bad', [{ path: 'remark', message: 'Remark refused by the server' }]),
    });
    const dialog = await openEdit('file1.png');
    const slug = within(dialog).getByLabelText('Link suffix');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'bad slug!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Only letters, digits, - and _')).toBeInTheDocument();
    await userEvent.clear(slug);
    await userEvent.type(slug, 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This link suffix is already taken, try another')).toBeInTheDocument();
    await userEvent.clear(slug);
    await userEvent.type(slug, 'slug1');
    await userEvent.type(within(dialog).getByLabelText('Remark'), '!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Remark refused by the server')).toBeInTheDocument();
  });

  it('deletes one share with the chosen mode, and several with batch delete', async () => {
    const requests = mockApi({
      'GET /api/files': () => page([row(1, { storage_type: 'S3', provider_type: 'Cloudflare R2' }), row(2), row(3)]),
      'DELETE /api/files/batch-delete': (r) =>
        ok({ deleted: (r.body as { ids: string[] }).ids.length, success: 1, failed: [] }),
    });
    renderWithApp(<FileManagementPage />);
    await rowOf('file1.png');
    await userEvent.click(screen.getByRole('button', { name: 'Delete file1.png' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete “file1.png”?' });
    expect(within(dialog).getByRole('radio', { name: /Share and stored file/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Share only/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')[0]?.body).toEqual({ ids: ['f1'], delete_mode: 'record_only' });

    await userEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('Select at least one file first')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select file2.png' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select file3.png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete 2 files?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'DELETE')[1]?.body).toEqual({ ids: ['f2', 'f3'], delete_mode: 'both' });
  });

  it('works for an API key with FILE_SHARE (the server scopes the list to its own shares)', async () => {
    startApiKeySession('key-1', Permission.FILE_SHARE, { id: 'k1', name: 'laptop', basic_path: '/', expires_at: null });
    const requests = mockApi({
      'GET /api/files': () => page([row(1, { created_by: 'apikey:k1', key_name: 'laptop' })]),
    });
    renderWithApp(<FileManagementPage />);
    await rowOf('file1.png');
    expect(lists(requests)[0]?.headers.Authorization).toBe('ApiKey key-1');
    expect(screen.getByText(/^Your shared files/)).toBeInTheDocument();
    expect(screen.queryByText(/^Every shared file/)).toBeNull();
  });
});
