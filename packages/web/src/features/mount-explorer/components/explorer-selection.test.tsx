import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { mockExplorerApi, renderExplorer, withLaidOutElements } from '../test/explorer-fixtures';

withLaidOutElements();

beforeEach(() => startAdminSession('tok'));

async function entries() {
  const list = await screen.findByRole('listbox', { name: 'Entries of /local/docs' });
  await within(list).findByRole('option', { name: /a\.txt/ });
  return { list, option: (name: string) => within(list).getByRole('option', { name: new RegExp(name) }) };
}

const selectedNames = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option', { selected: true })
    .map((option) => option.textContent?.match(/^[a-z.]+/)?.[0] ?? '');

describe('mount explorer selection', () => {
  it('shows folders first, then files by name', async () => {
    mockExplorerApi();
    renderExplorer();
    const { list } = await entries();
    const names = within(list)
      .getAllByRole('option')
      .map((option) => option.getAttribute('data-path'));
    expect(names).toEqual([
      '/local/docs/sub',
      '/local/docs/a.txt',
      '/local/docs/b.txt',
      '/local/docs/c.txt',
      '/local/docs/d.txt',
    ]);
  });

  it('selects by click, toggles with Ctrl/Cmd and ranges with Shift', async () => {
    mockExplorerApi();
    const user = userEvent.setup();
    renderExplorer();
    const { option } = await entries();

    await user.click(option('a.txt'));
    expect(selectedNames()).toEqual(['a.txt']);
    await user.keyboard('{Shift>}');
    await user.click(option('c.txt'));
    await user.keyboard('{/Shift}');
    expect(selectedNames()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    await user.keyboard('{Control>}');
    await user.click(option('b.txt'));
    await user.click(option('sub'));
    await user.keyboard('{/Control}');
    expect(selectedNames()).toEqual(['sub', 'a.txt', 'c.txt']);
    expect(screen.getByRole('region', { name: 'Selection' })).toHaveTextContent('3 selected');
    await user.keyboard('{Meta>}');
    await user.click(option('sub'));
    await user.keyboard('{/Meta}');
    expect(selectedNames()).toEqual(['a.txt', 'c.txt']);
    // A plain click selects one again.
    await user.click(option('d.txt'));
    expect(selectedNames()).toEqual(['d.txt']);
  });

  it('moves with the arrows, extends with Shift, selects all with Ctrl+A and clears with Escape', async () => {
    mockExplorerApi();
    const user = userEvent.setup();
    renderExplorer();
    const { list } = await entries();
    list.focus();
    await user.keyboard('{ArrowDown}');
    expect(selectedNames()).toEqual(['sub']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(selectedNames()).toEqual(['b.txt']);
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(selectedNames()).toEqual(['b.txt', 'c.txt']);
    await user.keyboard('{ArrowUp}');
    expect(selectedNames()).toEqual(['b.txt']);
    expect(list).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /b\.txt/ }).id);
    await user.keyboard('{Control>}a{/Control}');
    expect(selectedNames()).toHaveLength(5);
    await user.keyboard('{Escape}');
    expect(selectedNames()).toHaveLength(0);
  });

  it('opens a folder with Enter and goes up with Backspace and Alt+ArrowUp', async () => {
    mockExplorerApi();
    const user = userEvent.setup();
    const { router } = renderExplorer();
    const { list } = await entries();
    list.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/local/docs/sub'));
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();

    // An empty folder has no list: the panel itself takes the keys (and the focus after navigating).
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/local/docs'));
    await waitFor(() => expect(screen.getByRole('listbox', { name: 'Entries of /local/docs' })).toHaveFocus());
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/local'));
  });

  it('opens a file into ?preview=<name> (the preview bridge reads it)', async () => {
    mockExplorerApi();
    const user = userEvent.setup();
    const { router } = renderExplorer();
    const { option } = await entries();
    await user.dblClick(option('b.txt'));
    await waitFor(() => expect(router.state.location.search).toBe('?preview=b.txt'));
  });
});
