import type { TaskDto } from '@driftbox/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession, startApiKeySession, endSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { TaskManagerButton } from './task-manager-button';

const task = (overrides: Partial<TaskDto> = {}): TaskDto => ({
  jobId: 't1',
  taskType: 'copy',
  status: 'running',
  payload: { items: [{ sourcePath: '/local/docs', targetPath: '/s3/docs' }], skipExisting: true },
  stats: { totalItems: 4, processedItems: 1, successCount: 1, failedCount: 0 },
  currentFile: '/local/docs/b.txt',
  failedItems: [],
  errorMessage: null,
  cancelRequested: false,
  attempts: 1,
  userId: 'admin-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const list = (jobs: TaskDto[]) => ok({ jobs, total: jobs.length, limit: 50, offset: 0 });

beforeEach(() => startAdminSession('tok'));

describe('task manager', () => {
  it('counts running tasks and lists them with progress, current file and counts', async () => {
    mockApi({
      'GET /api/fs/tasks': () =>
        list([
          task(),
          task({
            jobId: 't2',
            taskType: 'delete',
            status: 'partial',
            payload: { items: [{ path: '/local/old' }] },
            stats: { totalItems: 2, processedItems: 2, successCount: 1, failedCount: 1 },
            failedItems: [{ item: { path: '/local/old/x' }, reason: 'Permission denied' }],
            currentFile: null,
            finishedAt: '2026-01-01T00:01:00.000Z',
          }),
          task({ jobId: 'sys', taskType: 'index-mount', userId: 'system', payload: { mountId: 'm1' } }),
        ]),
    });
    const user = userEvent.setup();
    renderWithApp(<TaskManagerButton />);
    await user.click(await screen.findByRole('button', { name: 'Tasks: 1 running' }));
    const panel = await screen.findByRole('dialog', { name: 'Tasks' });
    expect(within(panel).getByText('1 running · 1 finished')).toBeInTheDocument();
    const copy = within(panel).getByRole('listitem', { name: 'Copy: Running' });
    expect(within(copy).getByText('/local/docs')).toBeInTheDocument();
    expect(within(copy).getByText('/s3/docs')).toBeInTheDocument();
    expect(within(copy).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(copy).getByText('Now: /local/docs/b.txt')).toBeInTheDocument();
    expect(within(copy).getByText('1 of 4 · 1 done · 0 failed')).toBeInTheDocument();
    const partial = within(panel).getByRole('listitem', { name: 'Delete: Partly completed' });
    expect(within(partial).getByText('/local/old/x')).toBeInTheDocument();
    expect(within(partial).getByText(/Permission denied/)).toBeInTheDocument();
    // The server's own index builds are not the caller's tasks.
    expect(within(panel).queryByText('Search index')).toBeNull();
  });

  it('cancels, retries, removes and clears finished tasks', async () => {
    const requests = mockApi({
      'GET /api/fs/tasks': () =>
        list([
          task(),
          task({
            jobId: 't2',
            status: 'failed',
            errorMessage: 'Storage unreachable',
            finishedAt: '2026-01-01T00:01:00.000Z',
          }),
          task({ jobId: 't3', status: 'completed', finishedAt: '2026-01-01T00:01:00.000Z' }),
        ]),
      'POST /api/fs/tasks/t1/cancel': () => ok(task({ cancelRequested: true })),
      'POST /api/fs/tasks/t2/retry': () => ok(task({ jobId: 't2', status: 'pending' })),
      'DELETE /api/fs/tasks/t3': () => ok(null),
      'DELETE /api/fs/tasks': () => ok({ deleted: 2 }),
    });
    const user = userEvent.setup();
    renderWithApp(<TaskManagerButton />);
    await user.click(await screen.findByRole('button', { name: 'Tasks: 1 running' }));
    const panel = await screen.findByRole('dialog', { name: 'Tasks' });
    expect(within(panel).getByText('Storage unreachable')).toBeInTheDocument();
    // A running task has no remove, a completed one no cancel or retry.
    const running = within(panel).getByRole('listitem', { name: 'Copy: Running' });
    expect(within(running).queryByRole('button', { name: 'Remove Copy from the list' })).toBeNull();
    await user.click(within(running).getByRole('button', { name: 'Cancel Copy' }));
    const failed = within(panel).getByRole('listitem', { name: 'Copy: Failed' });
    await user.click(within(failed).getByRole('button', { name: 'Retry Copy' }));
    const done = within(panel).getByRole('listitem', { name: 'Copy: Completed' });
    expect(within(done).queryByRole('button', { name: 'Retry Copy' })).toBeNull();
    await user.click(within(done).getByRole('button', { name: 'Remove Copy from the list' }));
    await user.click(within(panel).getByRole('button', { name: 'Clear finished' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.method !== 'GET')
          .map((r) => `${r.method} ${r.url.split('?')[0]?.replace(/^.*\/api/, '/api')}`),
      ).toEqual([
        'POST /api/fs/tasks/t1/cancel',
        'POST /api/fs/tasks/t2/retry',
        'DELETE /api/fs/tasks/t3',
        'DELETE /api/fs/tasks',
      ]),
    );
  });

  it('shows the empty and the error state', async () => {
    mockApi({ 'GET /api/fs/tasks': () => list([]) });
    const user = userEvent.setup();
    const view = renderWithApp(<TaskManagerButton />);
    await user.click(await screen.findByRole('button', { name: 'Tasks' }));
    expect(await screen.findByText('No tasks')).toBeInTheDocument();
    view.unmount();
    mockApi({ 'GET /api/fs/tasks': () => fail(500, 'INTERNAL', 'down') });
    renderWithApp(<TaskManagerButton />);
    await user.click(await screen.findByRole('button', { name: 'Tasks' }));
    expect(await screen.findByText('Could not load the tasks')).toBeInTheDocument();
  });

  it('is not shown to a visitor nor to a key without mount bits', async () => {
    const requests = mockApi({ 'GET /api/fs/tasks': () => list([]) });
    act(() => endSession('logout'));
    const view = renderWithApp(<TaskManagerButton />);
    expect(screen.queryByRole('button')).toBeNull();
    view.unmount();
    act(() =>
      startApiKeySession('k', 1, { id: 'k1', name: 'k', basic_path: '/', permissions: { text: true } } as never),
    );
    renderWithApp(<TaskManagerButton />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
