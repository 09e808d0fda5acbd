import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reloadAuthFromStorage, startAdminSession } from '../../lib/auth/auth-store';
import { offlineDb } from '../../lib/offline/db';
import { enqueue, listQueue, type NewQueueEntry } from '../../lib/offline/queue';
import type { QueueFailure } from '../../lib/offline/queue-types';
import { mockApi, ok } from '../../test/http';
import { renderWithApp } from '../../test/render';
import { OfflineBadge } from './offline-badge';

const entry = (over: Partial<NewQueueEntry> = {}): NewQueueEntry => ({
  type: 'createPaste',
  endpoint: '/api/paste',
  method: 'POST',
  data: { content: 'written on a train', slug: 'train' },
  authToken: 'Bearer expired-token',
  authType: 'admin',
  ...over,
});

/** A queued write the server refused for good during a replay. */
async function refused(lastError: QueueFailure, over: Partial<NewQueueEntry> = {}): Promise<number> {
  const id = await enqueue(entry(over));
  await offlineDb().offlineQueue.update(id, { status: 'failed', attempts: 1, lastError });
  return id;
}

beforeEach(() => {
  reloadAuthFromStorage();
});
afterEach(async () => {
  Reflect.deleteProperty(navigator, 'onLine');
  await offlineDb().offlineQueue.clear();
});

describe('the offline badge and the queue', () => {
  it("shows a refused write with its reason; a new link suffix and Retry send it with today's sign-in", async () => {
    await refused({ status: 409, code: 'SLUG_TAKEN', message: 'taken' });
    startAdminSession('fresh-token');
    const requests = mockApi({ 'POST /api/paste': () => ok({ slug: 'train-2' }, 201) });
    const user = userEvent.setup();
    renderWithApp(<OfflineBadge />);

    await user.click(await screen.findByRole('button', { name: '1 failed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes waiting to sync' });
    expect(dialog).toHaveTextContent('New paste');
    expect(dialog).toHaveTextContent('Refused');
    expect(dialog).toHaveTextContent('That link suffix is taken. Enter another and retry.');

    await user.type(screen.getByRole('textbox', { name: 'New link suffix' }), 'train-2');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(sent.headers.Authorization).toBe('Bearer fresh-token');
    expect(sent.body).toEqual({ content: 'written on a train', slug: 'train-2' });
    await waitFor(async () => expect(await listQueue()).toEqual([]));
    await waitFor(() => expect(screen.queryByRole('button', { name: /failed|waiting/ })).toBeNull());
  });

  it('keeps a refused write until the user discards it', async () => {
    await refused({ status: 401, code: 'UNAUTHORIZED', message: 'expired' }, { type: 'clearCache', data: {} });
    const user = userEvent.setup();
    renderWithApp(<OfflineBadge />);
    await user.click(await screen.findByRole('button', { name: '1 failed' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Your sign-in expired. Sign in again, then retry.');
    expect(await listQueue()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await listQueue()).toEqual([]));
    expect(await screen.findByText('Change discarded')).toBeInTheDocument();
  });

  it('offline, says so in the header with the count of changes waiting', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await enqueue(entry());
    await enqueue(entry({ type: 'updatePaste', method: 'PUT', endpoint: '/api/pastes/abc' }));
    renderWithApp(<OfflineBadge />);
    const badge = await screen.findByRole('button', { name: /Offline/ });
    await waitFor(() => expect(badge).toHaveTextContent('Offline· 2 waiting'));
    expect(badge).toHaveAttribute('title', 'You are offline');
  });
});
