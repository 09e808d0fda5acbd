import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, startAdminSession } from '../../../lib/auth/auth-store';
import { RESUME_STORAGE_KEY } from '../../../lib/uploader/resume-store';
import { ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { api, MiB } from '../test/fixtures';
import { UploadPage } from './upload-page';

// The upload page's list of multipart uploads a closed or reloaded page left (resumable-notice.tsx).

/** The saved upload's key: big.bin's fingerprint (name, size, date). */
const KEY = `big.bin|${20 * MiB}|1`;

/** Saves a 4-part upload of big.bin (20 MB) to storage f9/u9 as a left page does, `parts` already stored. */
function saveUnfinished(parts: { PartNumber: number; ETag: string }[]) {
  const entry = {
    fileId: 'f9',
    uploadId: 'u9',
    configId: 'local',
    storagePath: 'big.bin',
    slug: 's9',
    partSize: 5 * MiB,
    partCount: 4,
    parts,
    filename: 'big.bin',
    size: 20 * MiB,
    savedAt: Date.now(),
  };
  localStorage.setItem(RESUME_STORAGE_KEY, JSON.stringify({ [KEY]: entry }));
}
describe('unfinished uploads', () => {
  beforeEach(() => {
    startAdminSession('t');
    reloadAuthFromStorage();
  });

  it('lists an upload a reload left unfinished, and discarding it aborts it on the server', async () => {
    saveUnfinished([{ PartNumber: 1, ETag: '"a"' }]);
    const requests = api({ 'POST /api/upload/multipart/abort': () => ok(null) });
    const user = userEvent.setup();
    renderWithApp(<UploadPage />);
    const notice = await screen.findByRole('region', { name: 'Unfinished uploads' });
    expect(within(notice).getByText('big.bin')).toBeInTheDocument();
    expect(within(notice).getByText('1/4 parts of 20.0 MB')).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Discard the unfinished upload of big.bin' }));
    expect(screen.queryByRole('region', { name: 'Unfinished uploads' })).toBeNull();
    await waitFor(() =>
      expect(requests.find((r) => r.url.endsWith('/upload/multipart/abort'))?.body).toEqual({
        file_id: 'f9',
        upload_id: 'u9',
      }),
    );
    expect(localStorage.getItem(RESUME_STORAGE_KEY)).toBe('{}');
  });

  it('shows an upload still running in another tab as such, with nothing to discard', async () => {
    saveUnfinished([]);
    // The other tab holds the upload's Web Lock while it runs.
    const query = vi.fn(async () => ({
      held: [{ name: `driftbox-upload:${KEY}`, mode: 'exclusive' as const, clientId: 'other' }],
      pending: [],
    }));
    Object.defineProperty(navigator, 'locks', { value: { query, request: vi.fn() }, configurable: true });
    try {
      api({});
      renderWithApp(<UploadPage />);
      const notice = await screen.findByRole('region', { name: 'Unfinished uploads' });
      expect(await within(notice).findByText('Uploading in another tab')).toBeInTheDocument();
      expect(within(notice).queryByRole('button', { name: 'Discard the unfinished upload of big.bin' })).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});
