import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { useFsDropZone } from '../hooks/use-fs-drop-zone';
import { createFsUploadStore, type FsUploadStore } from '../lib/fs-upload-store';
import { fakeServer } from '../test/fake-server';
import { FsUploadPanel } from './fs-upload-panel';

beforeEach(() => localStorage.clear());

/** A folder view of the explorer, as far as drops are concerned (a dev-only harness). */
function DropHarness({ store }: { store: FsUploadStore }) {
  const { dragging, dropZoneProps } = useFsDropZone('/local/team', { store });
  return (
    <div data-testid="zone" {...dropZoneProps}>
      {dragging ? 'Drop here' : 'Folder'}
    </div>
  );
}

const fileEntry = (name: string) => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (ok: (file: File) => void) => ok(new File(['hello'], name)),
});

describe('FsUploadPanel', () => {
  it('uploads picked files with per-file and overall progress, then refreshes the folder', async () => {
    const server = fakeServer();
    const store = createFsUploadStore(server);
    const onUploaded = vi.fn();
    const { container } = renderWithApp(
      <FsUploadPanel currentPath="/local/docs" onUploaded={onUploaded} store={store} />,
    );
    expect(screen.getByText('Nothing uploading. Files you add go into this folder.')).toBeInTheDocument();
    const input = container.querySelector('input[type="file"][multiple]')!;
    fireEvent.change(input, { target: { files: [new File(['abc'], 'a.txt'), new File(['defg'], 'b.txt')] } });
    expect(await screen.findByText('2 of 2 files · 7 B')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    expect(onUploaded).toHaveBeenCalled();
    expect(server.files.get('/local/docs/b.txt')).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByText('a.txt')).toBeNull();
  });

  it('asks about a taken name and keeps both for every such file when told so', async () => {
    const server = fakeServer();
    server.files.set('/local/docs/a.txt', 1);
    server.files.set('/local/docs/b.txt', 1);
    const store = createFsUploadStore(server);
    const { container } = renderWithApp(<FsUploadPanel currentPath="/local/docs" onUploaded={vi.fn()} store={store} />);
    fireEvent.change(container.querySelector('input[type="file"][multiple]')!, {
      target: { files: [new File(['1'], 'a.txt'), new File(['2'], 'b.txt')] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'A file with this name exists' });
    expect(within(dialog).getByText(/“a\.txt” is already in \/local\/docs/)).toBeInTheDocument();
    expect(within(dialog).getByText('1 more file is waiting with a taken name.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.files.has('/local/docs/a (1).txt')).toBe(true);
    expect(server.files.has('/local/docs/b (1).txt')).toBe(true);
  });

  it('says which uploads into this folder can continue', () => {
    localStorage.setItem(
      'driftbox_fs_multipart_uploads',
      JSON.stringify({
        k: {
          uploadId: 'u',
          folder: '/local/docs',
          fileName: 'movie.mkv',
          size: 1,
          partSize: 1,
          partCount: 1,
          parts: [],
          sample: 's',
          savedAt: Date.now(),
        },
      }),
    );
    renderWithApp(
      <FsUploadPanel currentPath="/local/docs" onUploaded={vi.fn()} store={createFsUploadStore(fakeServer())} />,
    );
    expect(screen.getByText(/stopped before it finished \(movie\.mkv\)/)).toBeInTheDocument();
  });
});

describe('useFsDropZone', () => {
  it('shows the drop state while files hover and uploads a dropped folder into the current path', async () => {
    const server = fakeServer();
    const store = createFsUploadStore(server);
    renderWithApp(<DropHarness store={store} />);
    const zone = screen.getByTestId('zone');
    const folder = {
      name: 'shots',
      isFile: false,
      isDirectory: true,
      createReader: () => {
        let given = false;
        return {
          readEntries: (ok: (e: unknown[]) => void) => {
            ok(given ? [] : [fileEntry('1.png'), fileEntry('2.png')]);
            given = true;
          },
        };
      },
    };
    const dataTransfer = {
      types: ['Files'],
      items: [{ kind: 'file', webkitGetAsEntry: () => folder, getAsFile: () => null }],
      files: [],
      dropEffect: 'none',
    };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone).toHaveTextContent('Drop here');
    fireEvent.drop(zone, { dataTransfer });
    expect(zone).toHaveTextContent('Folder');
    await waitFor(() => expect(server.files.size).toBe(2));
    expect([...server.files.keys()].sort()).toEqual(['/local/team/shots/1.png', '/local/team/shots/2.png']);
  });

  it('uploads pasted files', async () => {
    const server = fakeServer();
    renderWithApp(<DropHarness store={createFsUploadStore(server)} />);
    const pasted = new File(['img'], 'image.png');
    fireEvent.paste(document, { clipboardData: { files: [pasted], items: [] } });
    await waitFor(() => expect(server.files.get('/local/team/image.png')).toBe(3));
  });
});
