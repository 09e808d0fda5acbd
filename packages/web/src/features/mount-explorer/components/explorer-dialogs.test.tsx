import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, ok } from '../../../test/http';
import { mockExplorerApi, renderExplorer, withLaidOutElements } from '../test/explorer-fixtures';

withLaidOutElements();

beforeEach(() => startAdminSession('tok'));

async function focusOn(name: string) {
  renderExplorer();
  const list = await screen.findByRole('listbox', { name: 'Entries of /local/docs' });
  const user = userEvent.setup();
  await user.click(await within(list).findByRole('option', { name: new RegExp(name) }));
  return { user, list };
}

const bodies = (requests: { url: string; method: string; body: unknown }[], route: string) =>
  requests.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route).map((r) => r.body);

describe('explorer dialogs', () => {
  it('F2 renames the focused entry in its folder; a taken name is said in the form', async () => {
    let calls = 0;
    const requests = mockExplorerApi(undefined, {
      'POST /api/fs/rename': () => (++calls === 1 ? fail(409, 'CONFLICT', 'A file with that name exists') : ok({})),
    });
    const { user } = await focusOn('b.txt');
    await user.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('b.txt');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();
    await user.type(field, 'c.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('A file with that name exists')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'z.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies(requests, 'POST /api/fs/rename').at(-1)).toEqual({
      oldPath: '/local/docs/b.txt',
      newPath: '/local/docs/z.txt',
    });
  });

  it('creates a folder in the current folder from the toolbar', async () => {
    const requests = mockExplorerApi(undefined, { 'POST /api/fs/mkdir': () => ok({ path: '/local/docs/new' }, 201) });
    const user = userEvent.setup();
    renderExplorer();
    await user.click(await screen.findByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'a/b');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByText('A name cannot contain / or \\')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'new');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(bodies(requests, 'POST /api/fs/mkdir')).toEqual([{ path: '/local/docs/new' }]));
  });

  it('Delete asks first, naming what goes and warning that folders go with their contents', async () => {
    const requests = mockExplorerApi(undefined, {
      'POST /api/fs/batch-remove': () => ok({ success: 2, failed: [], jobId: 'j1' }, 202),
    });
    const { user } = await focusOn('sub');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}{Delete}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 items?' });
    expect(dialog).toHaveTextContent('1 file and 1 folder will be deleted for good');
    expect(dialog).toHaveTextContent('sub/');
    expect(dialog).toHaveTextContent('a.txt');
    expect(dialog).toHaveTextContent('Folders are deleted with everything inside them.');
    expect(bodies(requests, 'POST /api/fs/batch-remove')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(bodies(requests, 'POST /api/fs/batch-remove')).toEqual([
        { paths: ['/local/docs/sub', '/local/docs/a.txt'] },
      ]),
    );
  });

  it('copies into a folder chosen in the picker, as one server task', async () => {
    const requests = mockExplorerApi(undefined, { 'POST /api/fs/batch-copy': () => ok({ jobId: 'j2' }, 202) });
    const { user } = await focusOn('a.txt');
    await user.click(
      within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Copy to…' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Copy 1 item to…' });
    await user.click(await within(dialog).findByRole('button', { name: 'sub' }));
    await waitFor(() => expect(within(dialog).getByText('/local/docs/sub')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Copy here' }));
    await waitFor(() =>
      expect(bodies(requests, 'POST /api/fs/batch-copy')).toEqual([
        { items: [{ sourcePath: '/local/docs/a.txt', targetPath: '/local/docs/sub/a.txt' }], skipExisting: true },
      ]),
    );
  });

  it('moves into a folder chosen in the picker by renames, and says so', async () => {
    const requests = mockExplorerApi(undefined, { 'POST /api/fs/rename': () => ok({ success: true }) });
    const { user } = await focusOn('b.txt');
    await user.click(
      within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Move to…' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 item to…' });
    await user.click(await within(dialog).findByRole('button', { name: 'sub' }));
    await waitFor(() => expect(within(dialog).getByText('/local/docs/sub')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Move here' }));
    expect(await screen.findByText('Moved 1 item')).toBeInTheDocument();
    expect(bodies(requests, 'POST /api/fs/rename')).toEqual([
      { oldPath: '/local/docs/b.txt', newPath: '/local/docs/sub/b.txt' },
    ]);
  });

  it('creates a share with password, expiry and view limit, then shows the link and its QR code', async () => {
    const requests = mockExplorerApi(undefined, {
      'POST /api/fs/create-share': () => ok({ slug: 'abc', url: '/file/abc', has_password: true }, 201),
    });
    const { user } = await focusOn('d.txt');
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('option', { name: /d\.txt/ }) });
    await user.click(await screen.findByRole('menuitem', { name: 'Create share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share d.txt' });
    await user.type(within(dialog).getByLabelText('Password'), 'pw-1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires' }), 'In 1 day');
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum views' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create share' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Share link' })).toHaveValue(
      `${window.location.origin}/file/abc`,
    );
    expect(within(dialog).getByRole('img', { name: 'QR code of the share link' })).toBeInTheDocument();
    expect(bodies(requests, 'POST /api/fs/create-share')).toEqual([
      { path: '/local/docs/d.txt', password: 'pw-1', expires_in: 24, max_views: 3 },
    ]);
  });
});
