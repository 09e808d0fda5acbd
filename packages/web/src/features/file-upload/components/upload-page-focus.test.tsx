import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, startAdminSession } from '../../../lib/auth/auth-store';
import { fail, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { api, drop, file, HangingXhr, presigned } from '../test/fixtures';
import { UploadPage } from './upload-page';

beforeEach(() => {
  startAdminSession('t');
  reloadAuthFromStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function ready() {
  await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
}

// Each action here takes away the button it was run with: focus must not fall to <body>.
describe('keyboard focus on the upload page', () => {
  it('moves to the file list once Upload is pressed (the button is disabled then)', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    api({ 'POST /api/s3/presign': () => ok(presigned('s1', 'a.txt')) });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await ready();
    drop([file('a.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('region', { name: 'Upload queue' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('moves to the next file after a removal, then the previous one, then the drop zone', async () => {
    api();
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await ready();
    drop([file('a.txt', 10), file('b.txt', 10), file('c.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Remove b.txt from the list' }));
    expect(screen.getByRole('button', { name: 'Remove c.txt from the list' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove a.txt from the list' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'Upload queue' })).toBeNull();
    expect(within(screen.getByTestId('drop-zone')).getByRole('button')).toHaveFocus();
  });

  it('stays on the file after Retry, on its Cancel button', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    let calls = 0;
    api({
      'POST /api/s3/presign': () => ((calls += 1) === 1 ? fail(500, 'INTERNAL', 'boom') : ok(presigned('s1', 'a.txt'))),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await ready();
    drop([file('a.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'a.txt' });
    await user.click(await within(item).findByRole('button', { name: 'Retry a.txt' }));
    expect(within(item).getByRole('button', { name: 'Cancel a.txt' })).toHaveFocus();
  });

  it('moves to the list after Cancel all and Clear finished', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    api({ 'POST /api/s3/presign': () => ok(presigned('s1', 'a.txt')), 'POST /api/url/cancel': () => ok(null) });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await ready();
    drop([file('a.txt', 10), file('b.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    await within(screen.getByRole('listitem', { name: 'a.txt' })).findByText('Uploading');
    await user.click(screen.getByRole('button', { name: 'Cancel all' }));
    const list = screen.getByRole('region', { name: 'Upload queue' });
    expect(list).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel all' })).toBeNull());
    expect(list).toHaveFocus();
    drop([file('c.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.getByRole('region', { name: 'Upload queue' })).toHaveFocus();
  });

  it('shows the chosen options beside Upload, and Change options goes to them', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    api();
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    await ready();
    drop([file('a.txt', 10)]);
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.type(screen.getByLabelText('Max views'), '3');
    const summary = screen.getByRole('group', { name: 'Chosen share options' });
    expect(summary).toHaveTextContent('Local · Expires: 1 day · Password set · 3 views max');
    await user.click(within(summary).getByRole('button', { name: 'Change options' }));
    expect(screen.getByLabelText('Storage')).toHaveFocus();
    expect(scrolled.mock.contexts[0]).toHaveTextContent('Share options');
  });
});
