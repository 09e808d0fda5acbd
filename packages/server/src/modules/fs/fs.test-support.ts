import type { MountDto, StorageConfigDto } from '@driftbox/contract';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { CallResult, Harness, Headers } from '../../test/harness.js';
import { createTestBucket, s3ConfigFields, s3Server } from '../../test/s3.js';
import { parsed } from '../files/files.test-support.js';
import { mountCalls } from '../mounts/mounts.test-support.js';

export type StorageKind = 'LOCAL' | 'S3';
/** The storages route tests run on: LOCAL always, MinIO when the run has it. */
export const storageKinds: StorageKind[] = s3Server ? ['LOCAL', 'S3'] : ['LOCAL'];

/** The mount explorer against the harness of the running test: a config, mounts on it, objects, calls. */
export function fsCalls(harness: () => Harness) {
  const h = harness;
  const { created } = mountCalls(harness);

  /** The storage config the test's mounts use: the LOCAL default, or a fresh MinIO bucket (usable by keys). */
  async function configFor(kind: StorageKind): Promise<string> {
    if (kind === 'LOCAL') return 'local';
    const bucket = await createTestBucket('fs');
    const res = await h().call('POST', '/api/s3-configs', {
      headers: h().actors.admin(),
      body: { name: `minio-${bucket.bucket}`, ...s3ConfigFields(bucket), is_public: 1 },
    });
    expect(res.status, res.text).toBe(201);
    return (res.body.data as StorageConfigDto).id;
  }

  /** A mount at `path` on `configId` (listing cache on unless `extra` says otherwise). */
  const mount = (configId: string, path: string, extra: Record<string, unknown> = {}): Promise<MountDto> =>
    created({ name: path.slice(1).replace(/\//g, '-'), mount_path: path, storage_config_id: configId, ...extra });

  /** Stores objects straight into the config's store (keys relative to the store's root). */
  async function seed(configId: string, objects: Record<string, string>): Promise<void> {
    const { store } = await h().services.storageConfigs.storeFor(configId);
    for (const [key, content] of Object.entries(objects)) await store.put(key, Readable.from([Buffer.from(content)]));
  }

  /** Keys stored below `prefix` (every page). */
  async function keys(configId: string, prefix = ''): Promise<string[]> {
    const { store } = await h().services.storageConfigs.storeFor(configId);
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.list({ prefix, cursor });
      all.push(...page.objects.map((o) => o.key));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  }

  const admin = () => h().actors.admin();
  const q = (path: string) => encodeURIComponent(path);
  const list = (path: string, headers: Headers = admin(), extra = '') =>
    h().call('GET', `/api/fs/list?path=${q(path)}${extra}`, { headers });
  const names = async (path: string, headers: Headers = admin()) => {
    const res = await list(path, headers);
    expect(res.status, res.text).toBe(200);
    return ((res.body.data as { items: { name: string }[] }).items ?? []).map((i) => i.name);
  };
  const raw = async (url: string, headers: Headers = {}, method = 'GET') =>
    parsed(await h().app.request(url, { method, headers }));
  const download = (path: string, headers: Headers = {}) =>
    raw(`/api/fs/download?path=${q(path)}`, { ...admin(), ...headers });
  const post = (url: string, body: unknown, headers: Headers = admin()) => h().call('POST', url, { headers, body });

  /** `POST /api/fs/upload` with `path` before the file (unless `pathAfter`). */
  async function upload(
    folder: string,
    filename: string,
    content: string,
    options: { headers?: Headers; pathAfter?: boolean } = {},
  ): Promise<CallResult> {
    const form = new FormData();
    if (!options.pathAfter) form.append('path', folder);
    form.append('file', new Blob([content], { type: 'text/plain' }), filename);
    if (options.pathAfter) form.append('path', folder);
    return parsed(
      await h().app.request('/api/fs/upload', { method: 'POST', body: form, headers: options.headers ?? admin() }),
    );
  }

  return { configFor, mount, seed, keys, list, names, raw, download, post, upload, q };
}
