import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { StorageConfigPage } from './storage-config-page';
import { r2 } from './storage-fixtures.test-support';

beforeEach(() => {
  startAdminSession('tok');
});

// The connection test of a storage config, opened from its card.
describe('storage test dialog', () => {
  it('runs the test and shows every check', async () => {
    let resolve: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/s3-configs': () => ok([r2]),
      'POST /api/s3-configs/r2/test': () => new Promise<Response>((done) => (resolve = done)),
    });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    await user.click(await screen.findByRole('button', { name: 'Test “Media bucket”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test of “Media bucket”' });
    expect(within(dialog).getByText('Running checks…')).toBeInTheDocument();

    resolve(
      ok({
        success: false,
        checks: [
          { name: 'write', ok: true, message: 'Wrote the probe object', durationMs: 12.4 },
          { name: 'cors', ok: false, message: 'Origin not allowed', durationMs: 30 },
        ],
        result: {
          read: { success: false, message: '' },
          write: { success: true, message: 'Wrote the probe object' },
          cors: { success: false, message: 'Origin not allowed' },
          frontendSim: { success: false, message: '' },
          globalNote: 'Failed: cors',
        },
      }),
    );
    expect(await within(dialog).findByText('Some checks failed')).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: 'Passed' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Write')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Wrote the probe object')).toBeInTheDocument();
    expect(within(items[0]!).getByText('12 ms')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('Origin not allowed')).toBeInTheDocument();
    expect(within(items[1]!).getByText('CORS')).toBeInTheDocument();
  });
  it('tells a skipped check from a failed one, and says when no check passed', async () => {
    const failed = (name: string, message: string, skipped?: boolean) => ({
      name,
      ok: false,
      message,
      durationMs: 0,
      ...(skipped ? { skipped } : {}),
    });
    const legacy = { success: false, message: '' };
    mockApi({
      'GET /api/s3-configs': () => ok([r2]),
      'POST /api/s3-configs/r2/test': () =>
        ok({
          success: false,
          checks: [
            failed('list', 'Could not connect'),
            failed('write', 'Skipped: the storage could not be reached (see “List”)', true),
          ],
          result: { read: legacy, write: legacy, cors: legacy, frontendSim: legacy, globalNote: 'Failed: list, write' },
        }),
    });
    renderWithApp(<StorageConfigPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Test “Media bucket”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test of “Media bucket”' });
    expect(await within(dialog).findByText('No check passed')).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: 'Skipped' })).toBeInTheDocument();
  });
  it("shows why the test could not run: the server's message under a translated heading", async () => {
    mockApi({
      'GET /api/s3-configs': () => ok([r2]),
      'POST /api/s3-configs/r2/test': () => fail(503, 'UNAVAILABLE', 'Could not reach the storage: connection refused'),
    });
    const user = userEvent.setup();
    renderWithApp(<StorageConfigPage />);
    await user.click(await screen.findByRole('button', { name: 'Test “Media bucket”' }));
    const alert = await within(await screen.findByRole('dialog')).findByRole('alert');
    expect(alert).toHaveTextContent('Could not run the test');
    expect(alert).toHaveTextContent('Could not reach the storage: connection refused');
  });
});
