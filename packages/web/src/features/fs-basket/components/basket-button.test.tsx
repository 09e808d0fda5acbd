import type { TaskDto } from '@driftbox/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { backendHref } from '../api/download-archive';
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

const task = (status: TaskDto['status']): TaskDto => ({
  jobId: 'z1',
  taskType: 'archive',
  status,
  payload: {},
  stats: { totalItems: 3, processedItems: 0, successCount: 0, failedCount: 0 },
  currentFile: null,
  failedItems: [],
  errorMessage: null,
  cancelRequested: false,
  attempts: 0,
  userId: 'admin-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
});

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

  it('builds the ZIP as a server task and lets the browser open its signed link (no body fetched here)', async () => {
    let polls = 0;
    const requests = mockApi({
      'POST /api/fs/archive': () =>
        ok({ jobId: 'z1', task: task('pending'), downloadUrl: '/api/fs/tasks/z1/download' }, 202),
      'GET /api/fs/tasks/z1': () => ok(task(++polls < 2 ? 'running' : 'completed')),
      'POST /api/fs/tasks/z1/download-link': () =>
        ok({ url: '/api/fs/archive-download/z1?by=admin-1&sign=abc:123', expiresAt: '2026-01-01T00:02:00.000Z' }),
    });
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderWithApp(<BasketButton />);
    await user.click(screen.getByRole('button', { name: /Basket: 3 items/ }));
    await user.click(await screen.findByRole('button', { name: 'Download as ZIP' }));
    expect(await screen.findByRole('button', { name: 'Preparing ZIP…' })).toBeInTheDocument();
    await waitFor(() => expect(clicked).toHaveLength(1), { timeout: 3000 });
    expect(clicked[0]).toEqual({
      href: `${window.location.origin}/api/fs/archive-download/z1?by=admin-1&sign=abc:123`,
      download: expect.stringMatching(/^driftbox-basket-\d{4}-\d{2}-\d{2}\.zip$/),
    });
    expect(requests[0]?.body).toMatchObject({
      paths: ['/local/docs/a.txt', '/local/docs/b.txt', '/s3/img/c.png'],
      mode: 'task',
      name: expect.stringMatching(/^driftbox-basket-\d{4}-\d{2}-\d{2}\.zip$/),
    });
    expect(requests[0]?.headers.Authorization).toBe('Bearer tok');
    // The ZIP itself is never fetched by script: only the queue, the polls and the link.
    expect(requests.some((r) => r.url.includes('archive-download'))).toBe(false);
    expect(await screen.findByText('ZIP of 3 items ready: the download has started')).toBeInTheDocument();
    click.mockRestore();
  });

  it('says so when the server could not build the ZIP', async () => {
    mockApi({
      'POST /api/fs/archive': () => ok({ jobId: 'z1', task: task('pending'), downloadUrl: '' }, 202),
      'GET /api/fs/tasks/z1': () => ok({ ...task('failed'), errorMessage: 'Storage unreachable' }),
    });
    const user = userEvent.setup();
    renderWithApp(<BasketButton />);
    await user.click(screen.getByRole('button', { name: /Basket: 3 items/ }));
    await user.click(await screen.findByRole('button', { name: 'Download as ZIP' }));
    expect(await screen.findByText('Could not download the ZIP')).toBeInTheDocument();
    expect(await screen.findByText('Storage unreachable')).toBeInTheDocument();
  });

  it('a signed link keeps the backend base path', () => {
    expect(backendHref('/api/fs/archive-download/z1?sign=a:1', 'https://files.example.com/drift')).toBe(
      'https://files.example.com/drift/api/fs/archive-download/z1?sign=a:1',
    );
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
