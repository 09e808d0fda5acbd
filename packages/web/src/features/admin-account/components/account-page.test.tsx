import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { AccountPage } from './account-page';

beforeEach(() => startAdminSession('tok'));
afterEach(() => vi.useRealTimers());

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Update account' }));
}

describe('AccountPage', () => {
  it('validates on the client before calling the server', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithApp(<AccountPage />);
    await fill(user, {
      'Current password': 'old-password',
      'New password': 'new-password',
      'Confirm new password': 'other-password',
    });
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows a wrong current password on its field and stays signed in', async () => {
    mockApi({ 'POST /api/admin/change-password': () => fail(401, 'WRONG_PASSWORD', 'wrong') });
    const user = userEvent.setup();
    renderWithApp(<AccountPage />);
    await fill(user, { 'Current password': 'bad-password', 'New username': 'root' });
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(getAuthState().kind).toBe('admin');
  });

  it('after a change counts down visibly, then logs out', async () => {
    let sent: RecordedRequest | undefined;
    mockApi({
      'POST /api/admin/change-password': (request) => {
        sent = request;
        return ok(null);
      },
      'POST /api/admin/logout': () => ok(null),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<AccountPage />);
    await fill(user, { 'Current password': 'old-password', 'New username': 'root' });
    expect(await screen.findByText('Logging out in 3…')).toBeInTheDocument();
    expect(sent?.body).toEqual({ currentPassword: 'old-password', newUsername: 'root' });
    expect(getAuthState().kind).toBe('admin');

    const tick = () =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    await tick();
    expect(screen.getByText('Logging out in 2…')).toBeInTheDocument();
    await tick();
    expect(getAuthState().kind).toBe('admin');
    await tick();
    await waitFor(() => expect(getAuthState().kind).toBe('none'));
  });
});
