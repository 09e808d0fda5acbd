import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { basketStore } from '../lib/basket-store';
import { BasketButton } from './basket-button';

beforeEach(() => {
  startAdminSession('tok');
  basketStore.clear();
  basketStore.add([
    { path: '/local/docs/a.txt', name: 'a.txt', size: 1024 },
    { path: '/local/docs/b.txt', name: 'b.txt', size: 2048 },
    { path: '/s3/img/c.png', name: 'c.png', size: 1024 },
  ]);
});

afterEach(() => vi.unstubAllGlobals());

describe('basket button', () => {
  it('shows count and total size, lists items with their folder, and removes one', async () => {
    const user = userEvent.setup();
    renderWithApp(<BasketButton />);
    await user.click(screen.getByRole('button', { name: 'Basket: 3 items, 4.0 KB' }));
    const panel = await screen.findByRole('dialog', { name: 'Basket' });
    expect(within(panel).getByText('3 items · 4.0 KB')).toBeInTheDocument();
    const row = within(panel).getByRole('listitem', { name: 'c.png' });
    expect(within(row).getByText('/s3/img')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove “c.png” from the basket' }));
    expect(within(panel).getByText('2 items · 3.0 KB')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Basket: 2 items, 3.0 KB' })).toBeInTheDocument();
  });

  it('downloads everything as one ZIP from the server and saves it as a file', async () => {
    const requests = mockApi({
      'POST /api/fs/archive': () =>
        new Response('PK', {
          status: 200,
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="basket.zip"' },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderWithApp(<BasketButton />);
    await user.click(screen.getByRole('button', { name: /Basket: 3 items/ }));
    await user.click(await screen.findByRole('button', { name: 'Download as ZIP' }));
    await waitFor(() => expect(clicked).toEqual(['basket.zip']));
    expect(requests[0]?.body).toMatchObject({
      paths: ['/local/docs/a.txt', '/local/docs/b.txt', '/s3/img/c.png'],
      name: expect.stringMatching(/^driftbox-basket-\d{4}-\d{2}-\d{2}\.zip$/),
    });
    expect(requests[0]?.headers.Authorization).toBe('Bearer tok');
    click.mockRestore();
  });

  it('says why the server refused the ZIP, and clears the basket after asking', async () => {
    mockApi({ 'POST /api/fs/archive': () => fail(404, 'NOT_FOUND', 'The path does not exist') });
    const user = userEvent.setup();
    renderWithApp(<BasketButton />);
    await user.click(screen.getByRole('button', { name: /Basket: 3 items/ }));
    await user.click(await screen.findByRole('button', { name: 'Download as ZIP' }));
    expect(await screen.findByText('Could not download the ZIP')).toBeInTheDocument();
    expect(await screen.findByText('The path does not exist')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Empty basket' }));
    expect(await screen.findByText('The basket is empty')).toBeInTheDocument();
    act(() => undefined);
  });
});
