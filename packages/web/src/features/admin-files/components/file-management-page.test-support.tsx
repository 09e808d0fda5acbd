import { type FileDto, type ListPagination } from '@driftbox/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { useLocation, useNavigate } from 'react-router';
import { FileManagementPage } from './file-management-page';

// Shared set-up of the file management page's tests: rows, list answers, and helpers to read the URL and edit a row.
export const row = (n: number, overrides: Partial<FileDto> = {}): FileDto => ({
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

export function page(items: FileDto[], pagination: Partial<ListPagination> = {}): Response {
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

export const query = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '/', 'http://x').searchParams);
export const lists = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/files?'));
/** The page's query string, and the browser's Back button. */
export function LocationProbe() {
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

export const queryString = () => screen.getByRole('status', { name: 'Query string' }).textContent;
export const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: 'span[title]' })).closest('tr')!;

/** Renders the page, waits for the file's row and opens its edit dialog. */
export async function openEdit(name: string): Promise<HTMLElement> {
  renderWithApp(<FileManagementPage />);
  await rowOf(name);
  await userEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

/** Replaces a field's text as a user would. */
export async function retype(field: HTMLElement, text: string): Promise<void> {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}
