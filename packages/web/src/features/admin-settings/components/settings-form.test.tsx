import { SETTING_GROUP_IDS, settingsOfGroup, type SettingKey } from '@driftbox/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { i18n } from '../../../lib/site/i18n';
import { mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { settingRows } from '../../../test/settings';
import { SettingsPage } from './settings-page';

const label = (key: SettingKey) => i18n.t(`settings.fields.${key}`);

let requests: RecordedRequest[];
beforeEach(() => {
  startAdminSession('tok');
  requests = mockApi({
    'GET /api/admin/settings': (request) =>
      ok(settingRows(Number(new URL(request.url, 'http://x').searchParams.get('group')))),
  });
});

const puts = () => requests.filter((request) => request.method === 'PUT');

async function openGroup(group: 1 | 2 | 3 | 4) {
  renderWithApp(<SettingsPage group={group} />);
  await screen.findByRole('button', { name: 'Save changes' });
}

describe('the generated settings form', () => {
  it.each(SETTING_GROUP_IDS)('group %i has a labelled control for every catalogue key', async (group) => {
    await openGroup(group);
    const keys = settingsOfGroup(group).map((def) => def.key as SettingKey);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(screen.getByLabelText(label(key)), key).toBeInTheDocument();
  });

  it('shows catalogue descriptions and option labels in the UI language', async () => {
    await openGroup(1);
    expect(
      screen.getByText('What an upload with an existing name does: overwrite the file, or add a random suffix.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByLabelText(label('file_naming_strategy'))).getByRole('option', { name: 'Random suffix' }),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByLabelText('遇到同名文件时')).toHaveDisplayValue('随机后缀模式');
    expect(screen.getByText('同名文件上传时：覆盖原文件，或添加随机后缀。')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('refuses a bad favicon URL on its field, without calling the server', async () => {
    const user = userEvent.setup();
    await openGroup(4);
    await user.type(screen.getByLabelText(label('site_favicon_url')), 'javascript:alert(1)');
    expect(screen.getByRole('img', { name: 'Not a valid icon URL' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter an http(s) URL or a data:image URL, or leave it empty')).toBeInTheDocument();
    expect(screen.getByLabelText(label('site_favicon_url'))).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);

    // Fixing the value clears the message as the admin types.
    await user.clear(screen.getByLabelText(label('site_favicon_url')));
    await user.type(screen.getByLabelText(label('site_favicon_url')), 'https://example.com/icon.png');
    expect(screen.queryByText('Enter an http(s) URL or a data:image URL, or leave it empty')).toBeNull();
    expect(screen.getByRole('img', { name: 'Icon preview' })).toBeInTheDocument();
  });

  it('refuses negative numbers with the bound the catalogue sets', async () => {
    const user = userEvent.setup();
    await openGroup(1);
    const size = screen.getByLabelText(label('max_upload_size'));
    const expiry = screen.getByLabelText(label('proxy_sign_expires'));
    await user.clear(size);
    await user.type(size, '-5');
    await user.clear(expiry);
    await user.type(expiry, '-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Must be greater than 0')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 0')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('says in words what the signature lifetime means, and that 0 is never', async () => {
    const user = userEvent.setup();
    await openGroup(1);
    expect(screen.getByText('Signed links expire after 1 hour')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(label('proxy_sign_expires')));
    await user.type(screen.getByLabelText(label('proxy_sign_expires')), '0');
    expect(screen.getByText('0 = signed links never expire')).toBeInTheDocument();
  });

  it('edits extension lists as chips with a live count and flags a bad extension', async () => {
    const user = userEvent.setup();
    await openGroup(2);
    const input = screen.getByLabelText(label('preview_document_types'));
    const field = input.closest<HTMLElement>('[data-setting-key]');
    if (!field) throw new Error('no field');
    expect(within(field).getByText('1 extension')).toBeInTheDocument();
    await user.type(input, 'EPUB,.jpg{Enter}');
    expect(within(field).getByText('3 extensions')).toBeInTheDocument();
    expect(within(field).getByText('1 invalid')).toBeInTheDocument();
    expect(within(field).getByRole('button', { name: 'Remove epub' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('“.jpg” is not a valid extension: letters and digits only, no dot'),
    ).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    // Removing the bad chip fixes the field; the keyboard can reach it from the text box.
    await user.click(input);
    await user.keyboard('{ArrowLeft}{Delete}');
    expect(within(field).getByText('2 extensions')).toBeInTheDocument();
    expect(screen.queryByText('“.jpg” is not a valid extension: letters and digits only, no dot')).toBeNull();
  });

  it('tracks unsaved changes, discards them, and resets a field to its default', async () => {
    const user = userEvent.setup();
    requests = mockApi({ 'GET /api/admin/settings': () => ok(settingRows(4, { site_title: 'My Drop' })) });
    await openGroup(4);
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reset Site title to default' }));
    expect(screen.getByLabelText(label('site_title'))).toHaveValue('Driftbox');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Site title to default' })).toBeNull();

    await user.click(screen.getByRole('switch', { name: label('site_announcement_enabled') }));
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText(label('site_title'))).toHaveValue('My Drop');
    expect(screen.getByRole('switch', { name: label('site_announcement_enabled') })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('previews footer Markdown sanitised and warns that custom HTML is raw', async () => {
    const user = userEvent.setup();
    await openGroup(4);
    const footer = screen.getByLabelText(label('site_footer_markdown'));
    await user.clear(footer);
    await user.type(footer, 'Run by **Ada** <img src=x onerror=alert(1)>');
    const field = footer.closest<HTMLElement>('[data-setting-key]');
    if (!field) throw new Error('no field');
    const preview = await within(field).findByRole('region', { name: 'Preview' });
    await within(preview).findByText('Ada');
    expect(preview.querySelector('strong')).toHaveTextContent('Ada');
    expect(preview.querySelector('img')).toBeNull();
    expect(screen.getAllByText('Raw HTML, added to every page')).toHaveLength(2);
    expect(screen.getByLabelText(label('site_custom_head'))).toHaveAccessibleDescription(
      /Content-Security-Policy blocks inline scripts/,
    );
  });
});
