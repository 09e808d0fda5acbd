import { STORAGE_KEYS, settingsOfGroup, type SettingKey } from '@driftbox/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { i18n } from '../../../lib/site/i18n';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { settingRows } from '../../../test/settings';
import { SettingsPage } from './settings-page';

const label = (key: SettingKey) => i18n.t(`settings.fields.${key}`);

/**
 * A fake settings server: GET answers the stored values, PUT stores what it accepts. `refuse` lists
 * keys it turns down (202 when others were saved, 400 when none were), as the real one does.
 */
function fakeServer(refuse: Record<string, string> = {}) {
  const stored: Record<string, string> = { site_title: 'Old title' };
  const requests = mockApi({
    'GET /api/admin/settings': (request) =>
      ok(settingRows(Number(new URL(request.url, 'http://x').searchParams.get('group')), stored)),
    'PUT /api/admin/settings/group/4': (request) => answerPut(request, 4),
    'PUT /api/admin/settings/group/1': (request) => answerPut(request, 1),
  });
  function answerPut(request: RecordedRequest, groupId: number) {
    const body = request.body as Record<string, string>;
    const errors = Object.keys(body)
      .filter((key) => key in refuse)
      .map((key) => ({ key, error: refuse[key] ?? '' }));
    const accepted = Object.keys(body).filter((key) => !(key in refuse));
    if (accepted.length === 0)
      return fail(
        400,
        'VALIDATION_FAILED',
        'invalid',
        errors.map((e) => ({ path: e.key, message: e.error })),
      );
    for (const key of accepted) stored[key] = body[key] ?? '';
    const data = {
      groupId,
      updatedCount: accepted.length,
      totalCount: Object.keys(body).length,
      errors,
      success: errors.length === 0,
      message: 'done',
    };
    return ok(data, errors.length === 0 ? 200 : 202);
  }
  return { requests, stored };
}

async function openGroup(group: 1 | 4) {
  renderWithApp(<SettingsPage group={group} />);
  await screen.findByRole('button', { name: 'Save changes' });
}

async function replace(user: ReturnType<typeof userEvent.setup>, key: SettingKey, text: string) {
  const input = screen.getByLabelText(label(key));
  await user.clear(input);
  await user.type(input, text);
}

beforeEach(() => startAdminSession('tok'));

describe('saving settings', () => {
  it('sends only the changed keys, normalised, then shows them as saved', async () => {
    const { requests } = fakeServer();
    const user = userEvent.setup();
    await openGroup(1);
    await replace(user, 'max_upload_size', '250.0');
    await user.selectOptions(screen.getByLabelText(label('max_upload_size_unit')), 'GB');
    // Changed and changed back: not sent.
    await replace(user, 'proxy_sign_expires', '60');
    await replace(user, 'proxy_sign_expires', '3600');
    await user.click(screen.getByRole('switch', { name: label('proxy_sign_all') }));
    expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/api/admin/settings/group/1');
    expect(put?.body).toEqual({ max_upload_size: '250', max_upload_size_unit: 'GB', proxy_sign_all: 'false' });
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
    expect(screen.getByLabelText(label('max_upload_size'))).toHaveValue(250);
    // Other groups do not touch the visitors' site config.
    expect(requests.filter((r) => r.method === 'GET' && !r.headers.Authorization)).toHaveLength(0);
  });

  it('after a partial save (202) lists the refused keys, keeps them unsaved and shows why on the field', async () => {
    fakeServer({ site_favicon_url: 'Favicon host is not reachable' });
    const user = userEvent.setup();
    await openGroup(4);
    await replace(user, 'site_title', 'New title');
    await replace(user, 'site_favicon_url', 'https://icons.example/x.png');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('1 saved, 1 not saved')).toBeInTheDocument();
    const notice = screen.getByText('This setting was not saved:').closest('[role="alert"]');
    expect(notice).toHaveTextContent('Favicon URL');
    expect(notice).toHaveTextContent('Your other changes were saved.');
    expect(screen.getByText('Favicon host is not reachable')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1 unsaved change')).toBeInTheDocument());
    expect(screen.getByLabelText(label('site_title'))).toHaveValue('New title');
    expect(screen.getByLabelText(label('site_favicon_url'))).toHaveValue('https://icons.example/x.png');
    await waitFor(() => expect(screen.getByLabelText(label('site_favicon_url'))).toHaveFocus());
  });

  it('maps a 400 with per-key details onto the fields and saves nothing', async () => {
    const { stored } = fakeServer({ site_title: 'Title already used elsewhere' });
    const user = userEvent.setup();
    await openGroup(4);
    await replace(user, 'site_title', 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Title already used elsewhere')).toBeInTheDocument();
    expect(screen.getByText('Nothing was saved. Fix the marked fields and save again.')).toBeInTheDocument();
    expect(screen.getByLabelText(label('site_title'))).toHaveAttribute('aria-invalid', 'true');
    expect(stored.site_title).toBe('Old title');
  });

  it('refreshes the visitors’ site config cache at once after saving site settings', async () => {
    const { requests } = fakeServer();
    // A fresh cache that would otherwise be trusted for 24 h.
    localStorage.setItem(
      STORAGE_KEYS.siteConfig,
      JSON.stringify({ savedAt: Date.now(), config: { site_title: 'Old title' } }),
    );
    const user = userEvent.setup();
    await openGroup(4);
    await replace(user, 'site_title', 'Fresh title');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const cachedTitle = () =>
      (JSON.parse(localStorage.getItem(STORAGE_KEYS.siteConfig) ?? '{}') as { config?: { site_title?: string } }).config
        ?.site_title;
    await waitFor(() => expect(cachedTitle()).toBe('Fresh title'));
    const publicReads = requests.filter((r) => r.method === 'GET' && !r.headers.Authorization);
    expect(publicReads.map((r) => r.url)).toEqual(['/api/admin/settings?group=4']);
  });

  it('every catalogue key has a label in both languages', () => {
    const keys = settingsOfGroup(1)
      .concat(settingsOfGroup(2), settingsOfGroup(3), settingsOfGroup(4))
      .map((d) => d.key);
    for (const language of ['en', 'zh-CN']) {
      for (const key of keys)
        expect(i18n.exists(`settings.fields.${key}`, { lng: language, fallbackLng: false }), `${language} ${key}`).toBe(
          true,
        );
    }
  });
});
