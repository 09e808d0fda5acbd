import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { DeleteFilesDialog, type DeletableFile } from './delete-files-dialog';

const local = (name: string): DeletableFile => ({ filename: name, storage_type: 'LOCAL' });
const s3 = (name: string): DeletableFile => ({ filename: name, storage_type: 'S3' });

function open(files: DeletableFile[]) {
  const onConfirm = vi.fn();
  renderWithApp(<DeleteFilesDialog files={files} pending={false} onCancel={() => {}} onConfirm={onConfirm} />);
  return { dialog: screen.getByRole('dialog'), onConfirm };
}

describe('DeleteFilesDialog: "share only" by storage', () => {
  it('is not offered when every file is on local storage, and says why', async () => {
    const { dialog, onConfirm } = open([local('a.txt'), local('b.txt')]);
    const recordOnly = within(dialog).getByRole('radio', { name: /Share only/ });
    expect(recordOnly).toBeDisabled();
    expect(
      within(dialog).getByText(
        'Not available for local storage: the files would stay on the server’s disk, where nothing in Driftbox can reach them.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(recordOnly);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledWith('both');
  });

  it('warns a mixed selection how many files local storage would strand', async () => {
    const { dialog, onConfirm } = open([local('a.txt'), s3('b.txt'), s3('c.txt')]);
    expect(within(dialog).getByText(/1 file is on local storage and is kept with its share/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Share only/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledWith('record_only');
  });

  it('tells S3 files they stay in their bucket', () => {
    const { dialog } = open([s3('a.txt')]);
    expect(within(dialog).getByRole('radio', { name: /Share only/ })).toBeEnabled();
    expect(within(dialog).getByText(/the file stays in its S3 bucket/)).toBeInTheDocument();
  });
});
