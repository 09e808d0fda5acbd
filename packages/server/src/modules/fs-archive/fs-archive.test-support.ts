import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfigDto } from '@driftbox/contract';
import { expect } from 'vitest';
import { checkZip, type ReadEntry } from '../../lib/zip/zip.test-support.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { S3StoreOptions } from '../../storage/s3-client.js';
import type { Harness, Headers } from '../../test/harness.js';
import { createTestBucket, s3ConfigFields, s3Server } from '../../test/s3.js';

/** The storage kinds the archive is tested on: LOCAL always, MinIO when the run has it. */
export const BACKENDS = s3Server ? (['LOCAL', 'S3'] as const) : (['LOCAL'] as const);
export type Backend = (typeof BACKENDS)[number];

/** A storage config to mount, its store, and how to make an empty folder in it. */
export interface TestStorage {
  configId: string;
  store: ObjectStore;
  /** The config's default folder, where the staging folder lives. */
  folder: string;
  put(key: string, text: string): Promise<void>;
  /** An empty folder: a directory on disk (LOCAL), a `key/` marker object (S3). */
  emptyFolder(key: string): Promise<void>;
}

/** A storage to mount: LOCAL's built-in config, or a new MinIO bucket's config. */
export async function testStorage(h: Harness, backend: Backend): Promise<TestStorage> {
  let configId = 'local';
  let bucket: S3StoreOptions | undefined;
  if (backend === 'S3') {
    bucket = await createTestBucket('archive');
    const res = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: { name: 'minio', ...s3ConfigFields(bucket), is_public: 1 },
    });
    expect(res.status, res.text).toBe(201);
    configId = (res.body.data as StorageConfigDto).id;
  }
  const { config, store } = await h.services.storageConfigs.storeFor(configId);
  return {
    configId,
    store,
    folder: config.default_folder,
    async put(key, text) {
      const bytes = Buffer.from(text, 'utf8');
      await store.put(key, Readable.from([bytes]), { contentLength: bytes.length });
    },
    async emptyFolder(key) {
      if (!bucket) {
        mkdirSync(path.join(h.config.dataDir, 'storage', configId, 'objects', key), { recursive: true });
        return;
      }
      const client = new S3Client({
        endpoint: bucket.endpoint,
        region: bucket.region,
        forcePathStyle: true,
        credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
      });
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: `${key}/`, Body: '' }));
      } finally {
        client.destroy();
      }
    },
  };
}

export interface ArchiveAnswer {
  status: number;
  headers: globalThis.Headers;
  /** The JSON envelope of a refusal. */
  json: Record<string, unknown> | null;
  /** What unzip and Python read from a 200's archive. */
  entries: ReadEntry[];
}

const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-archive-test-'));
let count = 0;

/** Removes the archives the tests wrote (afterAll). */
export function removeArchives(): void {
  rmSync(dir, { recursive: true, force: true });
}

/** POST /api/fs/archive; a 200's body is written to a file and checked with unzip -t and Python's zipfile. */
export async function archive(h: Harness, headers: Headers, body: unknown): Promise<ArchiveAnswer> {
  const res = await h.app.request('/api/fs/archive', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) {
    return { status: res.status, headers: res.headers, json: JSON.parse(bytes.toString()), entries: [] };
  }
  const file = path.join(dir, `${++count}.zip`);
  writeFileSync(file, bytes);
  return { status: 200, headers: res.headers, json: null, entries: checkZip(file) };
}
