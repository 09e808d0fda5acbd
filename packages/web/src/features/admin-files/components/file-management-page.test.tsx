import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { FileManagementPage } from './file-management-page';
import { lists, LocationProbe, page, query, queryString, row, rowOf } from './file-management-page.test-support';

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
});
