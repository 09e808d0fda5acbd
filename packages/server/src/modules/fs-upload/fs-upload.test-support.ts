import type { FsPartUrl } from '@driftbox/contract';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { Harness, Headers } from '../../test/harness.js';
import { parsed } from '../files/files.test-support.js';
import type { StorageKind } from '../fs/fs.test-support.js';

export interface Presigned {
  presignedUrl: string;
  headers: Record<string, string>;
  fileId: string;
  targetPath: string;
  s3Path: string;
}

export interface Initiated {
  uploadId: string;
  partCount: number;
  presignedUrls: FsPartUrl[];
}

/** Browser uploads into mounts against the running harness: the API calls and the PUTs to storage. */
export function fsUploadCalls(harness: () => Harness, storage: StorageKind) {
  const h = harness;
  const admin = () => h().actors.admin();
  const post = (url: string, body: unknown, headers: Headers = admin()) => h().call('POST', url, { headers, body });

  /** A PUT as the browser sends it: to MinIO for S3, to our own /api/local-storage for LOCAL. */
  async function put(url: string, body: Uint8Array, headers: Record<string, string> = {}) {
    const init = { method: 'PUT', body, headers: { 'Content-Length': String(body.length), ...headers } };
    return storage === 'S3' ? parsed(await fetch(url, init)) : parsed(await h().app.request(url, init));
  }

  async function presign(folder: string, fileName: string, fileSize: number, headers: Headers = admin()) {
    const res = await post('/api/fs/presign', { path: folder, fileName, fileSize }, headers);
    expect(res.status, res.text).toBe(200);
    return res.body.data as Presigned;
  }

  async function init(folder: string, fileName: string, fileSize: number, partSize: number) {
    const res = await post('/api/fs/multipart/init', { path: folder, fileName, fileSize, partSize });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Initiated;
  }

  /** Overwrites a key straight in the store (a staged object of the wrong size). */
  async function store(configId: string, key: string, content: string) {
    const { store: s } = await h().services.storageConfigs.storeFor(configId);
    await s.put(key, Readable.from([Buffer.from(content)]));
  }

  return { post, put, presign, init, store };
}
