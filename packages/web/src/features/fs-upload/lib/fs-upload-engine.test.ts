import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { createFsResumeStore } from './fs-resume-store';
import { keepBothName, uploadToFolder } from './fs-upload-engine';

const file = (size: number, name = 'big.bin') => new File([new Uint8Array(size)], name, { lastModified: 1000 });

beforeEach(() => localStorage.clear());

describe('uploadToFolder', () => {
  it('sends a small file as one presigned PUT and commits it', async () => {
    const server = fakeServer();
    const progress: number[] = [];
    await uploadToFolder(file(10, 'a.txt'), { folder: '/local/docs', fileName: 'a.txt' }, server, (n) =>
      progress.push(n),
    );
    expect(server.files.get('/local/docs/a.txt')).toBe(10);
    expect(progress.at(-1)).toBe(10);
  });

  it('sends a larger file in parts and, after a dropped connection, continues with only the missing parts', async () => {
    const server = fakeServer();
    const deps = { ...server, multipartThreshold: 100, partSize: 100, retryDelayMs: 1, resume: createFsResumeStore() };
    const big = file(450);
    server.state.failPart = 4;
    await expect(
      uploadToFolder(big, { folder: '/local/docs', fileName: 'big.bin' }, deps, () => undefined),
    ).rejects.toMatchObject({ code: 'NETWORK' });
    // The parts stored so far are remembered (a reload keeps localStorage), the upload is not aborted.
    expect(server.calls.some((c) => c.startsWith('abort'))).toBe(false);
    const before = server.calls.filter((c) => c.startsWith('put')).length;
    server.state.failPart = null;
    // The same file added again (a new File object, as after a reload) continues.
    await uploadToFolder(file(450), { folder: '/local/docs', fileName: 'big.bin' }, deps, () => undefined);
    const resent = server.calls.filter((c) => c.startsWith('put')).slice(before);
    expect(server.calls.filter((c) => c.startsWith('init'))).toHaveLength(1);
    expect(server.calls).toContain('list-parts m1');
    expect(resent.map((c) => c.split(' ')[2]).sort()).toEqual(['4']);
    expect(server.files.get('/local/docs/big.bin')).toBe(5);
    expect(createFsResumeStore().inFolder('/local/docs')).toEqual([]);
  });

  it('starts again when the stored upload is gone on the server', async () => {
    const server = fakeServer();
    const deps = { ...server, multipartThreshold: 100, partSize: 100, retryDelayMs: 1 };
    server.state.failPart = 2;
    await expect(
      uploadToFolder(file(250), { folder: '/m', fileName: 'big.bin' }, deps, () => undefined),
    ).rejects.toThrow();
    server.uploads.clear();
    server.state.failPart = null;
    await uploadToFolder(file(250), { folder: '/m', fileName: 'big.bin' }, deps, () => undefined);
    expect(server.calls.filter((c) => c.startsWith('init'))).toHaveLength(2);
    expect(server.files.get('/m/big.bin')).toBe(3);
  });

  it('aborts the multipart upload on a cancel', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadToFolder(
        file(250),
        { folder: '/m', fileName: 'big.bin' },
        { ...server, multipartThreshold: 100, partSize: 100 },
        () => undefined,
        controller.signal,
      ),
    ).rejects.toMatchObject({ code: 'ABORTED' });
    expect(server.calls).toContain('abort m1');
    expect(createFsResumeStore().inFolder('/m')).toEqual([]);
  });
});

describe('keepBothName', () => {
  it('numbers before the extension', () => {
    expect(keepBothName('photo.jpg', 1)).toBe('photo (1).jpg');
    expect(keepBothName('README', 2)).toBe('README (2)');
    expect(keepBothName('.env', 1)).toBe('.env (1)');
    expect(keepBothName('a.tar.gz', 1)).toBe('a.tar (1).gz');
  });
});
