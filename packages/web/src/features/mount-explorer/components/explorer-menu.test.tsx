import { Permission } from '@driftbox/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession, startApiKeySession } from '../../../lib/auth/auth-store';
import { CONTEXT_MENU } from './context-menu';
import { mockExplorerApi, renderExplorer, withLaidOutElements } from '../test/explorer-fixtures';

withLaidOutElements();

const KEY_INFO = { id: 'k1', name: 'viewer', basic_path: '/' };

async function option(name: string) {
  const list = await screen.findByRole('listbox', { name: 'Entries of /local/docs' });
  return within(list).findByRole('option', { name: new RegExp(name) });
}

const menuItems = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('context menu by mouse', () => {
  beforeEach(() => startAdminSession('tok'));

  it('opens on right click with every action for the admin, at the spec widths and z-index', async () => {
    mockExplorerApi();
    const user = userEvent.setup();
    renderExplorer();
    await user.pointer({ keys: '[MouseRight]', target: await option('b.txt') });
    const menu = await screen.findByRole('menu');
    expect(menuItems()).toEqual([
      'Open',
      'Download',
      'Copy link',
      'Create share',
      'Add to basket',
      'Rename',
      'Copy to…',
      'Move to…',
      'Delete',
    ]);
    expect(menu.style.minWidth).toBe(`${CONTEXT_MENU.minWidth}px`);
    expect(menu.style.maxWidth).toBe(`${CONTEXT_MENU.maxWidth}px`);
    expect(menu.style.zIndex).toBe(String(CONTEXT_MENU.zIndex));
    // The entry right-clicked is the one acted on.
    expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent('b.txt');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('offers new folder and upload on the background of a folder', async () => {
    mockExplorerApi();
    const user = userEvent.setup();
    renderExplorer();
    await user.pointer({ keys: '[MouseRight]', target: await screen.findByRole('listbox') });
    expect(menuItems()).toEqual(['New folder', 'Upload']);
  });

  it('shows only the actions the key’s bits allow', async () => {
    startApiKeySession('key', Permission.MOUNT_VIEW | Permission.MOUNT_RENAME, KEY_INFO);
    mockExplorerApi();
    const user = userEvent.setup();
    renderExplorer();
    await user.pointer({ keys: '[MouseRight]', target: await option('b.txt') });
    expect(menuItems()).toEqual([
      'Open',
      'Download',
      'Copy link',
      'Create share',
      'Add to basket',
      'Rename',
      'Move to…',
    ]);
    await user.keyboard('{Escape}');
    // No upload bit: no new folder or upload, on the background or in the toolbar.
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('listbox') });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });
});

describe('context menu by long press', () => {
  beforeEach(() => startAdminSession('tok'));
  afterEach(() => vi.useRealTimers());

  const touch = { pointerType: 'touch', clientX: 100, clientY: 120, pointerId: 1 };

  it('opens after 500 ms of a still finger, not before, and the release is not a tap', async () => {
    mockExplorerApi();
    const { router } = renderExplorer();
    const target = await option('c.txt');
    vi.useFakeTimers();
    fireEvent.pointerDown(target, touch);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.pointerMove(target, { ...touch, clientX: 106, clientY: 126 }); // 8.5 px: still a press
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(within(screen.getByRole('listbox')).getByRole('option', { selected: true })).toHaveTextContent('c.txt');
    fireEvent.pointerUp(target, touch);
    fireEvent.click(target);
    vi.useRealTimers();
    // The click after the long press neither opened the file nor closed the menu.
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('is cancelled by a move of more than 10 px (a scroll) and by lifting early', async () => {
    mockExplorerApi();
    renderExplorer();
    const target = await option('c.txt');
    vi.useFakeTimers();
    fireEvent.pointerDown(target, touch);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerMove(target, { ...touch, clientY: 131 }); // 11 px
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    fireEvent.pointerDown(target, touch);
    act(() => vi.advanceTimersByTime(400));
    fireEvent.pointerUp(target, touch);
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a tap opens on touch', async () => {
    mockExplorerApi();
    const { router } = renderExplorer();
    const target = await option('a.txt');
    fireEvent.pointerDown(target, touch);
    fireEvent.pointerUp(target, touch);
    fireEvent.click(target);
    await waitFor(() => expect(router.state.location.search).toBe('?preview=a.txt'));
  });
});
