import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { createFsUploadStore, isFinished, type FsUploadStore } from './fs-upload-store';

const picked = (relativePath: string, size = 5) => ({
  file: new File([new Uint8Array(size)], relativePath.split('/').pop()!),
  relativePath,
});

/** Resolves once every item has settled or one waits for an answer. */
function settled(store: FsUploadStore, until: 'all' | 'conflict' = 'all') {
  return new Promise<void>((resolve) => {
    const check = () => {
      const items = store.getSnapshot();
      const ok = until === 'all' ? items.every(isFinished) : items.some((i) => i.status === 'conflict');
      if (ok) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}

describe('the upload queue', () => {
  it('uploads a dropped folder into its subfolders, makes its empty folders, and reports each folder', async () => {
    const server = fakeServer();
    const made: string[] = [];
    const store = createFsUploadStore({ ...server, mkdir: async (path) => void made.push(path) });
    const changed: string[] = [];
    store.onChanged((folder) => changed.push(folder));
    store.add('/local/team', [picked('photos/a.jpg'), picked('photos/2024/b.jpg'), picked('c.txt')], ['photos/empty']);
    await settled(store);
    expect([...server.files.keys()].sort()).toEqual([
      '/local/team/c.txt',
      '/local/team/photos/2024/b.jpg',
      '/local/team/photos/a.jpg',
    ]);
    expect(made).toEqual(['/local/team/photos/empty']);
    expect(changed).toEqual(expect.arrayContaining(['/local/team', '/local/team/photos', '/local/team/photos/2024']));
  });

  it('asks when a name is taken: keep both numbers it, skip leaves it, replace writes over it', async () => {
    const server = fakeServer();
    server.files.set('/m/a.txt', 1);
    server.files.set('/m/a (1).txt', 1);
    const store = createFsUploadStore(server);
    store.add('/m', [picked('a.txt', 7)]);
    await settled(store, 'conflict');
    store.resolveConflict(store.getSnapshot()[0]!.id, 'keep-both', false);
    await settled(store);
    expect(server.files.get('/m/a (2).txt')).toBe(7);
    expect(store.getSnapshot()[0]).toMatchObject({ status: 'done', name: 'a (2).txt' });

    store.clearFinished();
    store.add('/m', [picked('a.txt', 9)]);
    await settled(store, 'conflict');
    store.resolveConflict(store.getSnapshot()[0]!.id, 'skip', false);
    await settled(store);
    expect(store.getSnapshot()[0]!.status).toBe('skipped');
    expect(server.files.get('/m/a.txt')).toBe(1);

    store.clearFinished();
    store.add('/m', [picked('a.txt', 9)]);
    await settled(store, 'conflict');
    store.resolveConflict(store.getSnapshot()[0]!.id, 'replace', false);
    await settled(store);
    expect(server.files.get('/m/a.txt')).toBe(9);
  });

  it('takes one answer for all the taken names of a batch', async () => {
    const server = fakeServer();
    for (const name of ['x', 'y', 'z']) server.files.set(`/m/${name}`, 1);
    const store = createFsUploadStore(server);
    store.add('/m', [picked('x'), picked('y'), picked('z'), picked('new')]);
    await settled(store, 'conflict');
    store.resolveConflict(store.getSnapshot().find((i) => i.status === 'conflict')!.id, 'skip', true);
    await settled(store);
    expect(store.getSnapshot().map((i) => i.status)).toEqual(['skipped', 'skipped', 'skipped', 'done']);
  });

  it('cancels a waiting file and retries it', async () => {
    const server = fakeServer();
    server.files.set('/m/a', 1);
    const store = createFsUploadStore(server);
    store.add('/m', [picked('a')]);
    await settled(store, 'conflict');
    store.cancel(store.getSnapshot()[0]!.id);
    await settled(store);
    expect(store.getSnapshot()[0]!.status).toBe('cancelled');
    store.retry(store.getSnapshot()[0]!.id);
    await settled(store, 'conflict');
    store.resolveConflict(store.getSnapshot()[0]!.id, 'replace', false);
    await settled(store);
    expect(store.getSnapshot()[0]!.status).toBe('done');
  });
});
