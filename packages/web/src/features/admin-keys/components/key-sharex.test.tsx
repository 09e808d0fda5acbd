import { Permission, shareXConfig, type ApiKeyDto } from '@driftbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { KeyManagementPage } from './key-management-page';

const key = (overrides: Partial<ApiKeyDto> = {}): ApiKeyDto => ({
  id: 'k1',
  name: 'laptop',
  key_masked: 'abcdef...',
  permissions: Permission.TEXT | Permission.FILE_SHARE,
  permission_names: ['TEXT', 'FILE_SHARE'],
  role: 'GENERAL',
  basic_path: '/',
  is_guest: 0,
  is_enable: 1,
  expires_at: null,
  last_used: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The files the page hands to the browser: the anchor's name and the Blob behind its URL. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob }[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  return saved;
}

const expected = (secret: string) =>
  shareXConfig({ base: window.location.origin, apiKey: secret, keyName: 'laptop', siteTitle: 'Driftbox' });

beforeEach(() => startAdminSession('tok'));
afterEach(() => vi.restoreAllMocks());

describe('ShareX config', () => {
  it("downloads a key's .sxcu from its row: the secret fetched on demand, the contract's config", async () => {
    const saved = captureDownloads();
    const requests = mockApi({
      'GET /api/admin/api-keys': () => ok([key()]),
      'GET /api/admin/api-keys/k1': () => ok({ ...key(), key: 'the-full-secret' }),
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Download the ShareX config of key laptop' }));
    expect(await screen.findByText('ShareX config downloaded')).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toContain('/api/admin/api-keys/k1');
    expect(saved.map((s) => s.name)).toEqual(['laptop.sxcu']);
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(expected('the-full-secret'));
  });

  it('says why a key that may not upload files gets no config, without fetching its secret', async () => {
    const saved = captureDownloads();
    const requests = mockApi({ 'GET /api/admin/api-keys': () => ok([key({ permissions: Permission.TEXT })]) });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Download the ShareX config of key laptop' }));
    expect(await screen.findByText('Key “laptop” cannot upload files')).toBeInTheDocument();
    expect(requests.some((r) => r.url.startsWith('/api/admin/api-keys/'))).toBe(false);
    expect(saved).toEqual([]);
  });

  it('offers the config in the created dialog for a key that may upload files', async () => {
    const saved = captureDownloads();
    mockApi({
      'GET /api/admin/api-keys': () => ok([]),
      'POST /api/admin/api-keys': () => ok({ ...key(), key: 'new-secret' }, 201),
    });
    const user = userEvent.setup();
    renderWithApp(<KeyManagementPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Create key' }))[0]!);
    await user.click(await screen.findByLabelText('Name'));
    await user.paste('laptop');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Key “laptop” created' });
    await user.click(within(dialog).getByRole('button', { name: 'ShareX config' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(expected('new-secret'));
  });
});
