import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { settingRows } from '../../../test/settings';
import { SettingsPage } from './settings-page';

describe('the WebDAV settings page', () => {
  beforeEach(() => {
    startAdminSession('tok');
    mockApi({ 'GET /api/admin/settings': () => ok(settingRows(3, {})) });
  });

  it('shows the address to connect to, and copies it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<SettingsPage group={3} />);
    const field = await screen.findByLabelText('WebDAV address');
    expect(field).toHaveValue(`${window.location.origin}/dav`);
    await user.click(screen.getByRole('button', { name: 'Copy the WebDAV address' }));
    expect(await screen.findByText('WebDAV address copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/dav`);
  });

  it('is only on the WebDAV page', async () => {
    renderWithApp(<SettingsPage group={1} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByLabelText('WebDAV address')).not.toBeInTheDocument();
  });
});
