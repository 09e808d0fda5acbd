import type { FsSearchResultDto } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { FsSearchBox } from './fs-search-box';

const result = (path: string, overrides: Partial<FsSearchResultDto> = {}): FsSearchResultDto => ({
  name: path.split('/').pop() ?? '',
  path,
  size: 2048,
  modified: null,
  isDirectory: false,
  contentType: 'text/plain',
  mount_id: 'm1',
  mount_name: 'Team',
  storage_type: 'LOCAL',
  s3_key: path,
  ...overrides,
});

function page(results: FsSearchResultDto[], total: number, offset: number, indexing: string[] = []) {
  return ok({
    results,
    total,
    hasMore: offset + results.length < total,
    searchParams: { query: 'rep', scope: 'global', mountId: null, path: null, limit: 50, offset },
    mountsSearched: ['m1'],
    mountsIndexing: indexing,
  });
}

const params = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://x').searchParams);

beforeEach(() => startAdminSession('tok'));

function renderBox(props: Partial<Parameters<typeof FsSearchBox>[0]> = {}) {
  const onOpen = vi.fn();
  const onReveal = vi.fn();
  renderWithApp(
    <FsSearchBox
      currentPath="/local/team/docs"
      mountPath="/local/team"
      onOpen={onOpen}
      onReveal={onReveal}
      {...props}
    />,
  );
  return { onOpen, onReveal };
}

describe('fs search box', () => {
  it('waits for 2 characters, shows results with their folder, opens and reveals', async () => {
    const requests = mockApi({
      'GET /api/fs/search': () =>
        page([result('/local/team/docs/report.txt'), result('/s3/reports', { isDirectory: true })], 2, 0, ['m2']),
    });
    const user = userEvent.setup();
    const { onOpen, onReveal } = renderBox();
    await user.click(screen.getByRole('button', { name: 'Search files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search files' });
    await user.type(within(dialog).getByRole('searchbox'), 'r');
    expect(within(dialog).getByText('Type at least 2 characters')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(requests).toHaveLength(0);

    await user.type(within(dialog).getByRole('searchbox'), 'ep');
    expect(await within(dialog).findByText('2 results')).toBeInTheDocument();
    expect(params(requests[0]!)).toMatchObject({ q: 'rep', scope: 'global', limit: '50', offset: '0' });
    expect(within(dialog).getByText(/still being indexed/)).toBeInTheDocument();
    expect(within(dialog).getByText('/local/team/docs')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Show “report.txt” in its folder' }));
    expect(onReveal).toHaveBeenCalledWith('/local/team/docs', 'report.txt');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Search files' });
    await user.type(within(again).getByRole('searchbox'), 'rep');
    await user.click(await within(again).findByRole('button', { name: /^reports ?\/s3/ }));
    expect(onOpen).toHaveBeenCalledWith('/s3/reports', true);
  });

  it('searches this mount by its id and this folder by its path', async () => {
    const requests = mockApi({
      'GET /api/fs/search': () => page([], 0, 0),
      'GET /api/user/mounts': () => ok([{ ...mount, id: 'm1', mount_path: '/local/team' }]),
    });
    const user = userEvent.setup();
    renderBox();
    await user.click(screen.getByRole('button', { name: 'Search files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search files' });
    await user.click(within(dialog).getByRole('radio', { name: 'This mount' }));
    await user.type(within(dialog).getByRole('searchbox'), 'notes');
    expect(await within(dialog).findByText('Nothing found')).toBeInTheDocument();
    const searches = () => requests.filter((r) => r.url.includes('/fs/search'));
    expect(params(searches()[0]!)).toMatchObject({ q: 'notes', scope: 'mount', mount_id: 'm1' });

    await user.click(within(dialog).getByRole('radio', { name: 'This folder' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(params(searches()[1]!)).toMatchObject({ scope: 'directory', path: '/local/team/docs' });
  });

  it('offers only "everywhere" at the root, loads more, and says when a search or a further page fails', async () => {
    let calls = 0;
    mockApi({
      'GET /api/fs/search': () => {
        calls += 1;
        if (calls === 1) return page([result('/a/one.txt')], 3, 0);
        if (calls === 2) return page([result('/a/two.txt')], 3, 1);
        return fail(500, 'INTERNAL', 'down');
      },
    });
    const user = userEvent.setup();
    renderBox({ currentPath: '/', mountPath: null });
    await user.click(screen.getByRole('button', { name: 'Search files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search files' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Everywhere']);
    await user.type(within(dialog).getByRole('searchbox'), 'txt');
    await user.click(await within(dialog).findByRole('button', { name: 'Load more (1 of 3)' }));
    expect(await within(dialog).findByText('two.txt')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Load more (2 of 3)' }));
    expect(await within(dialog).findByText('Could not load more results')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('searchbox'));
    await user.type(within(dialog).getByRole('searchbox'), 'zzz');
    expect(await within(dialog).findByText('Search failed')).toBeInTheDocument();
  });
});

const mount = {
  name: 'Team',
  storage_type: 'LOCAL',
  storage_config_id: 'local',
  remark: null,
  is_active: 1,
  created_by: 'system',
  sort_order: 0,
  cache_ttl: 300,
  web_proxy: 0,
  webdav_policy: '302_redirect',
  enable_sign: 0,
  sign_expires: null,
  created_at: '',
  updated_at: '',
  last_used: null,
};
