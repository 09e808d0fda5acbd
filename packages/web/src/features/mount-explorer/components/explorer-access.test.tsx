import { Permission } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endSession, startAdminSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { ok } from '../../../test/http';
import { entryDto, mockExplorerApi, queryOf, renderExplorer, withLaidOutElements } from '../test/explorer-fixtures';

withLaidOutElements();

const teamKey = () =>
  startApiKeySession('key', Permission.MOUNT_VIEW, { id: 'k2', name: 'team', basic_path: '/local/team' });

describe('explorer access', () => {
  it('lands a key with base path /local/team there, from the root and from outside it', async () => {
    teamKey();
    mockExplorerApi();
    const { router } = renderExplorer('/mount-explorer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/local/team'));
    expect(await screen.findByRole('option', { name: /plan\.txt/ })).toBeInTheDocument();

    await router.navigate('/mount-explorer/local/docs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/local/team'));
  });

  it('lets the key walk up the way to its base path by the breadcrumbs', async () => {
    teamKey();
    mockExplorerApi();
    const user = userEvent.setup();
    const { router } = renderExplorer('/mount-explorer/local/team');
    const crumbs = await screen.findByRole('navigation', { name: 'Folder path' });
    await user.click(within(crumbs).getByRole('link', { name: 'local' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/local'));
    expect(await screen.findByRole('listbox', { name: 'Entries of /local' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    endSession('logout');
    mockExplorerApi();
    renderExplorer();
    expect(await screen.findByText('Sign in to browse mounts')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says when a key has no mount bit', async () => {
    startApiKeySession('key', Permission.TEXT, { id: 'k3', name: 'texts', basic_path: '/' });
    mockExplorerApi();
    renderExplorer();
    expect(await screen.findByText('Your key cannot browse mounts')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows the environment switcher with ?showEnvSwitcher to the admin only', async () => {
    startAdminSession('tok');
    mockExplorerApi();
    const view = renderExplorer('/mount-explorer/local?showEnvSwitcher');
    expect(await screen.findByRole('region', { name: 'Backend address' })).toHaveTextContent('the default (this site)');
    view.unmount();

    teamKey();
    renderExplorer('/mount-explorer/local/team?showEnvSwitcher');
    await screen.findByRole('option', { name: /plan\.txt/ });
    expect(screen.queryByRole('region', { name: 'Backend address' })).not.toBeInTheDocument();
  });

  it('says when the folder cannot be listed, with a retry', async () => {
    startAdminSession('tok');
    mockExplorerApi();
    renderExplorer('/mount-explorer/local/missing');
    expect(await screen.findByText('This folder does not exist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('loads the next page of a long folder by its cursor as the list reaches its end', async () => {
    startAdminSession('tok');
    const first = Array.from({ length: 3 }, (_, i) => entryDto('/local/big', { name: `f${i}.txt` }));
    const second = [entryDto('/local/big', { name: 'zz-last.txt' })];
    const requests = mockExplorerApi(undefined, {
      'GET /api/fs/list': (request) =>
        queryOf(request).get('cursor') === 'c1'
          ? ok({ path: '/local/big', isVirtual: false, items: second, nextCursor: null, hasMore: false })
          : ok({ path: '/local/big', isVirtual: false, items: first, nextCursor: 'c1', hasMore: true }),
    });
    renderExplorer('/mount-explorer/local/big');
    expect(await screen.findByRole('option', { name: /zz-last\.txt/ })).toBeInTheDocument();
    const cursors = requests.filter((r) => r.url.includes('/fs/list')).map((r) => queryOf(r).get('cursor'));
    expect(cursors).toEqual([null, 'c1']);
  });
});
