import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, startAdminSession } from '../../../lib/auth/auth-store';
import { fail, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { RECENT_UPLOADS_KEY } from '../lib/recent-uploads';
import { api, committed, drop, FakeXhr, file, HangingXhr, presigned, renderUploadPage } from '../test/fixtures';
import { UploadPage } from './upload-page';

beforeEach(() => {
  FakeXhr.puts = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the files tab', () => {
  beforeEach(() => {
    startAdminSession('t');
    reloadAuthFromStorage();
  });

  it('copies the links of a finished batch in one go, one per line', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let n = 0;
    api({
      'POST /api/s3/presign': () => {
        n += 1;
        return ok({
          ...presigned(`s${n}`, `${n}.txt`),
          file_id: `f${n}`,
          upload_url: `/api/local-storage/local/object?sig=${n}`,
        });
      },
      'POST /api/s3/commit': (request) => {
        const id = (request.body as { file_id: string }).file_id;
        return ok(committed(id, `s${id.slice(1)}`, `${id}.txt`, 10));
      },
    });
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<UploadPage />);
    await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
    drop([file('a.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await within(screen.getByRole('listitem', { name: 'a.txt' })).findByText('Done')).toBeInTheDocument();
    // One link has its own copy button: the batch action appears from two on.
    expect(screen.queryByRole('button', { name: /^Copy \d+ links$/ })).toBeNull();
    drop([file('b.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(await screen.findByRole('button', { name: 'Copy 2 links' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/file/s1\n${window.location.origin}/file/s2`);
    expect(await screen.findByText('2 links copied, one per line')).toBeInTheDocument();
  });

  it('Clear in Recent uploads forgets them and hands focus to the options card, not the page body', async () => {
    localStorage.setItem(
      RECENT_UPLOADS_KEY,
      JSON.stringify([
        {
          slug: 'old-1',
          filename: 'old.txt',
          size: 3,
          url: 'http://x/file/old-1',
          uploadedAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
    );
    api({});
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    const recent = await screen.findByRole('region', { name: 'Recent uploads' });
    expect(within(recent).getByRole('link', { name: 'old.txt' })).toBeInTheDocument();
    await user.click(within(recent).getByRole('button', { name: 'Clear the list of recent uploads' }));
    expect(screen.queryByText('Recent uploads')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(RECENT_UPLOADS_KEY) ?? '[]')).toEqual([]);
    expect(screen.getByRole('region', { name: 'Share options' })).toHaveFocus();
  });

  it('marks a taken custom link, and Retry sends the link it was changed to', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const requests = api({
      'POST /api/s3/presign': (r) =>
        (r.body as { slug?: string }).slug === 'taken'
          ? fail(409, 'SLUG_TAKEN', 'Slug taken')
          : ok({ ...presigned('fresh', 'one.txt'), file_id: 'f1' }),
      'POST /api/s3/commit': () => ok(committed('f1', 'fresh', 'one.txt', 10)),
    });
    const presigns = () =>
      requests.filter((r) => r.url.endsWith('/s3/presign')).map((r) => (r.body as { slug?: string }).slug);
    const user = await renderUploadPage();
    drop([file('one.txt', 10)]);
    await user.type(screen.getByLabelText('Custom link'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'one.txt' });
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Link suffix already taken: change the custom link, then retry.',
    );
    const field = screen.getByLabelText('Custom link');
    expect(field).toHaveValue('taken');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Link suffix already taken, try another'));

    // The same link again is refused here, without another round trip.
    await user.click(within(item).getByRole('button', { name: 'Retry one.txt' }));
    expect(presigns()).toEqual(['taken']);

    await user.clear(field);
    await user.type(field, 'fresh');
    // An option the retry does not send (it keeps the ones the upload went with) does not hold it up.
    await user.type(screen.getByLabelText('Max views'), 'x');
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining('already taken'));
    await user.click(within(item).getByRole('button', { name: 'Retry one.txt' }));
    expect(await within(item).findByText('Done')).toBeInTheDocument();
    expect(presigns()).toEqual(['taken', 'fresh']);
    expect(screen.getByLabelText('Custom link')).toHaveValue('');
  });

  it('checks a refused file again when another storage is chosen, so Upload starts it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const requests = api({
      'POST /api/s3/presign': () => ok({ ...presigned('s1', 'big.txt'), file_id: 'f1' }),
      'POST /api/s3/commit': () => ok(committed('f1', 's1', 'big.txt', 500)),
    });
    const user = await renderUploadPage();
    await user.selectOptions(screen.getByLabelText('Storage'), 'tiny');
    drop([file('big.txt', 500)]);
    const item = screen.getByRole('listitem', { name: 'big.txt' });
    expect(within(item).getByRole('alert')).toHaveTextContent('Insufficient storage');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    const nothingLeft = 'Nothing left that can be uploaded: see why under each file marked “Can’t upload”.';
    expect(screen.getByText(nothingLeft)).toBeInTheDocument();
    // Refused before anything was sent: not a failure.
    expect(within(item).getByText('Can’t upload')).toBeInTheDocument();
    expect(screen.getByText('· 1 can’t be uploaded')).toBeInTheDocument();
    expect(screen.queryByText(/failed/)).toBeNull();

    await user.selectOptions(screen.getByLabelText('Storage'), 'local');
    expect(within(item).getByText('Ready')).toBeInTheDocument();
    expect(screen.queryByText(nothingLeft)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await within(item).findByText('Done')).toBeInTheDocument();
    expect(requests.find((r) => r.url.endsWith('/s3/presign'))?.body).toMatchObject({
      s3_config_id: 'local',
      size: 500,
    });
  });

  it('does not say nothing is left to upload while a failed file still has its Retry', async () => {
    api({ 'POST /api/s3/presign': () => fail(500, 'INTERNAL', 'boom') });
    const user = await renderUploadPage();
    await user.selectOptions(screen.getByLabelText('Storage'), 'tiny');
    drop([file('big.txt', 500), file('small.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const failed = screen.getByRole('listitem', { name: 'small.txt' });
    expect(await within(failed).findByText('Failed')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'big.txt' })).getByText('Can’t upload')).toBeInTheDocument();
    expect(screen.queryByText(/^Nothing left that can be uploaded/)).toBeNull();
  });

  it('says when a file dropped again is already in the list, and takes files dropped outside the zone', async () => {
    api();
    renderWithApp(<UploadPage />);
    await screen.findByText('Up to 10.0 MB per file');
    drop([file('a.txt', 10)]);
    drop([file('a.txt', 10)]);
    expect(await screen.findByText('Already in the list: a.txt')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: 'a.txt' })).toHaveLength(1);

    fireEvent.drop(screen.getByRole('heading', { name: 'Upload files' }), {
      dataTransfer: { files: [file('b.txt', 10)], types: ['Files'] },
    });
    expect(screen.getByRole('listitem', { name: 'b.txt' })).toBeInTheDocument();
  });

  it('names pasted screenshots after the moment, so a second one is not taken for the first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    api();
    renderWithApp(<UploadPage />);
    await screen.findByText('Up to 10.0 MB per file');
    // Browsers call every pasted screenshot image.png.
    const paste = (at: Date) => {
      vi.setSystemTime(at);
      fireEvent.paste(document, {
        clipboardData: { files: [new File([new Uint8Array(5)], 'image.png', { type: 'image/png', lastModified: 0 })] },
      });
    };
    paste(new Date(2026, 10, 24, 15, 30, 12));
    paste(new Date(2026, 10, 24, 15, 31, 2));
    vi.useRealTimers();
    expect(screen.getByRole('listitem', { name: 'pasted-2026-11-24-153012.png' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'pasted-2026-11-24-153102.png' })).toBeInTheDocument();
    expect(screen.queryByText(/Already in the list: pasted/)).toBeNull();
  });

  it('shows a cancel neutrally, apart from failures, and a double click on Cancel does not also remove', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    api({
      'POST /api/s3/presign': () => ok({ ...presigned('s1', 'a.txt'), file_id: 'f1' }),
      'POST /api/url/cancel': () => ok(null),
    });
    const user = await renderUploadPage();
    drop([file('a.txt', 10)]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const item = screen.getByRole('listitem', { name: 'a.txt' });
    await within(item).findByText('Uploading');
    await user.dblClick(within(item).getByRole('button', { name: 'Cancel a.txt' }));
    const badge = await within(item).findByText('Cancelled');
    expect(badge.className).not.toMatch(/danger|warning/);
    expect(screen.getByText(/1 file, 0 done/).closest('p')).toHaveTextContent('1 file, 0 done · 1 cancelled');
    expect(screen.queryByText(/failed/)).toBeNull();
    expect(within(item).getByRole('button', { name: 'Remove a.txt from the list' })).toBeInTheDocument();
  });
});
