import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../lib/auth/auth-store';
import { ok } from '../../test/http';
import { renderWithApp } from '../../test/render';
import { mockExplorerApi, withLaidOutElements } from '../../features/mount-explorer/test/explorer-fixtures';
import { MountExplorerShell } from './mount-explorer-shell';

withLaidOutElements();

beforeEach(() => startAdminSession('tok'));

const hit = (path: string) => ({
  name: path.split('/').pop() ?? '',
  path,
  size: 10,
  modified: null,
  isDirectory: false,
  contentType: 'text/plain',
  mount_id: 'm1',
  mount_name: 'Local',
  storage_type: 'LOCAL',
  s3_key: path,
});

async function revealFromSearch(query: string, name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Search files' }));
  const dialog = await screen.findByRole('dialog', { name: 'Search files' });
  await user.type(within(dialog).getByRole('searchbox'), query);
  await user.click(await within(dialog).findByRole('button', { name: `Show “${name}” in its folder` }));
}

describe('the mount explorer shell', () => {
  it('shows a search result in its folder with the entry selected, also in the folder already open', async () => {
    mockExplorerApi(undefined, {
      'GET /api/fs/search': () =>
        ok({
          results: [hit('/local/team/plan.txt')],
          total: 1,
          hasMore: false,
          searchParams: { query: 'plan', scope: 'global', mountId: null, path: null, limit: 50, offset: 0 },
          mountsSearched: ['m1'],
          mountsIndexing: [],
        }),
    });
    const { router } = renderWithApp(<MountExplorerShell />, {
      route: '/mount-explorer/local/docs',
      path: '/mount-explorer/*',
    });
    await screen.findByRole('listbox', { name: 'Entries of /local/docs' });
    const selected = () =>
      within(screen.getByRole('listbox'))
        .queryAllByRole('option', { selected: true })
        .map((option) => option.getAttribute('data-path'));

    await revealFromSearch('plan', 'plan.txt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/local/team'));
    await waitFor(() => expect(selected()).toEqual(['/local/team/plan.txt']));

    // Again in the folder already open: the entry is selected afresh.
    await userEvent.setup().click(within(screen.getByRole('listbox')).getByRole('option', { name: /plan\.txt/ }));
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(selected()).toEqual([]));
    await revealFromSearch('plan', 'plan.txt');
    await waitFor(() => expect(selected()).toEqual(['/local/team/plan.txt']));
  });
});
