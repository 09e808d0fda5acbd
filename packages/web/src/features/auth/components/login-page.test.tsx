import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { keyPermissions } from '../../../lib/auth/auth.test-support';
import { getAuthState, reloadAuthFromStorage } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { LoginPage } from './login-page';

beforeEach(() => reloadAuthFromStorage());

describe('LoginPage', () => {
  it('asks for both fields, then shows the translated reason a login failed', async () => {
    mockApi({ 'POST /api/admin/login': () => fail(401, 'INVALID_CREDENTIALS', 'bad') });
    const user = userEvent.setup();
    renderWithApp(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your username')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(getAuthState().kind).toBe('none');
  });

  it('focuses Username on opening; arrow keys on the tabs keep focus on the tabs', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginPage />);
    expect(screen.getByLabelText('Username')).toHaveFocus();
    const passwordTab = screen.getByRole('tab', { name: 'Password' });
    passwordTab.focus();
    await user.keyboard('{ArrowRight}');
    const keyTab = screen.getByRole('tab', { name: 'API key' });
    expect(keyTab).toHaveFocus();
    expect(keyTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('API key')).not.toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(passwordTab).toHaveFocus();
    expect(screen.getByLabelText('Username')).not.toHaveFocus();
  });

  it('logs in with a username and password', async () => {
    mockApi({
      'POST /api/admin/login': () => ok({ username: 'admin', token: 't', expiresAt: '2030-01-01T00:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderWithApp(<LoginPage />);
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'right-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(getAuthState()).toEqual({ kind: 'admin', token: 't' }));
  });

  it('refuses an API key without text or file permission', async () => {
    mockApi({
      'GET /api/test/api-key': () =>
        ok({
          name: 'viewer',
          basic_path: '/',
          permissions: keyPermissions({ text: false }),
          key_info: { id: 'k', name: 'viewer', basic_path: '/' },
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<LoginPage />);
    await user.click(screen.getByRole('tab', { name: 'API key' }));
    await user.type(screen.getByLabelText('API key'), 'viewer-key');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/neither text nor file permission/)).toBeInTheDocument();
    expect(getAuthState().kind).toBe('none');
  });

  it('logs in with a key that has text permission', async () => {
    mockApi({
      'GET /api/test/api-key': () =>
        ok({
          name: 'writer',
          basic_path: '/',
          permissions: keyPermissions(),
          key_info: { id: 'k', name: 'writer', basic_path: '/' },
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<LoginPage />);
    await user.click(screen.getByRole('tab', { name: 'API key' }));
    await user.type(screen.getByLabelText('API key'), 'writer-key');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(getAuthState()).toMatchObject({ kind: 'apikey', key: 'writer-key', info: { name: 'writer' } }),
    );
  });
});
