import type { MountDto, StorageConfigDto } from '@driftbox/contract';
import { createHash, randomBytes } from 'node:crypto';
import { Readable, Transform, pipeline } from 'node:stream';
import { expect } from 'vitest';
import type { ObjectStore } from '../../storage/object-store.js';
import type { TasksService } from '../tasks/tasks.module.js';
import { copyHandler } from './fs-copy.handler.js';
import { COPY_TASK } from './fs-copy.types.js';
import type { Harness } from '../../test/harness.js';
import { createTestBucket, s3ConfigFields } from '../../test/s3.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import { mountCalls } from '../mounts/mounts.test-support.js';

/** The store of a storage config of the running harness. */
export const storeOf = async (h: Harness, configId: string) =>
  (await h.services.storageConfigs.storeFor(configId)).store;

export const put = (store: ObjectStore, key: string, content: string | Buffer) => {
  const bytes = Buffer.from(content);
  return store.put(key, Readable.from([bytes]), { contentLength: bytes.length });
};

export async function bytesAt(store: ObjectStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await store.get(key)).body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** SHA-256 of an object, read as a stream. */
export async function digestAt(store: ObjectStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of (await store.get(key)).body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const existsAt = (store: ObjectStore, key: string) =>
  store.head(key).then(
    () => true,
    (err: unknown) => ((err as { code?: string }).code === 'NOT_FOUND' ? false : Promise.reject(err)),
  );

/** Every key of a store below `prefix`, all pages. */
export async function keysBelow(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list({ prefix, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return keys;
}

/** A MountWrites that records every notice. */
export function recordingWrites(): MountWrites & { notices: { mountId: string; paths: readonly string[] }[] } {
  const notices: { mountId: string; paths: readonly string[] }[] = [];
  return { notices, changed: async (mountId, paths) => void notices.push({ mountId, paths }) };
}

export interface StoreHooks {
  /** Before a put goes to the real store (its key and running number, from 1); may wait. */
  beforePut?(key: string, n: number): Promise<void> | void;
  /** On the first chunk of a put's body; the body waits for what it returns. */
  onFirstChunk?(key: string): void | Promise<unknown>;
  /** Before a get: may throw (an unreadable source). */
  beforeGet?(key: string): void;
}

/** The real store with its puts counted and hooks around puts and gets (no behaviour of its own). */
export function watched(store: ObjectStore, hooks: StoreHooks = {}): ObjectStore & { puts: string[] } {
  const puts: string[] = [];
  return Object.assign(Object.create(store) as ObjectStore, {
    kind: store.kind,
    puts,
    async put(...[key, body, options]: Parameters<ObjectStore['put']>) {
      puts.push(key);
      await hooks.beforePut?.(key, puts.length);
      let first = true;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          const wait = first ? hooks.onFirstChunk?.(key) : undefined;
          first = false;
          if (!wait) return callback(null, chunk);
          wait.then(
            () => callback(null, chunk),
            (err: unknown) => callback(err as Error),
          );
        },
      });
      pipeline(body as Readable, tap, () => undefined);
      return store.put(key, tap, options);
    },
    async get(...[key, options]: Parameters<ObjectStore['get']>) {
      hooks.beforeGet?.(key);
      return store.get(key, options);
    },
  });
}

/** A MinIO bucket as a storage config of the harness, and a mount on it. */
export async function s3Mount(h: Harness, mountPath: string): Promise<{ config: StorageConfigDto; mount: MountDto }> {
  const bucket = await createTestBucket('copy');
  const res = await h.call('POST', '/api/s3-configs', {
    headers: h.actors.admin(),
    body: { name: `minio ${mountPath}`, ...s3ConfigFields(bucket) },
  });
  expect(res.status, res.text).toBe(201);
  const config = res.body.data as StorageConfigDto;
  const mount = await mountCalls(() => h).created({
    name: mountPath.slice(1),
    mount_path: mountPath,
    storage_config_id: config.id,
  });
  return { config, mount };
}

/** A second LOCAL storage config (another store than `local`), usable by keys. */
export async function localConfig(h: Harness, name: string): Promise<StorageConfigDto> {
  const res = await h.call('POST', '/api/s3-configs', {
    headers: h.actors.admin(),
    body: { name, storage_type: 'LOCAL', is_public: 1 },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as StorageConfigDto;
}

/** The keys of the copied folder: 40 files in `dir/`, 10 in `dir/sub/`. */
export const FOLDER_KEYS = Array.from({ length: 50 }, (_, i) =>
  i < 40 ? `dir/f${String(i).padStart(2, '0')}.txt` : `dir/sub/g${i}.bin`,
);

/**
 * A mount `/disk` on the LOCAL default config holding FOLDER_KEYS (random bytes of different sizes) and
 * a mount `/s3` on a fresh MinIO bucket.
 */
export async function copyWorld(h: Harness) {
  const disk = await storeOf(h, 'local');
  const files = new Map<string, Buffer>();
  for (const [i, key] of FOLDER_KEYS.entries()) {
    const bytes = randomBytes(1000 + i * 397);
    files.set(key, bytes);
    await put(disk, key, bytes);
  }
  await mountCalls(() => h).created({ name: 'disk', mount_path: '/disk' });
  const s3 = await s3Mount(h, '/s3');
  return { disk, files, s3Id: s3.config.id, s3Mount: s3.mount, s3Store: await storeOf(h, s3.config.id) };
}

/**
 * Registers the copy handler on `engine` over the real stores, each wrapped to count puts and run the
 * hooks given for its config; a small page size so folders take several listing pages.
 */
export function installCopy(
  engine: Pick<TasksService, 'registerHandler'>,
  h: Harness,
  hooks: Record<string, StoreHooks> = {},
) {
  const stores = new Map<string, ReturnType<typeof watched>>();
  const writes = recordingWrites();
  const storeFor = async (id: string) => {
    let store = stores.get(id);
    if (!store) {
      store = watched(await storeOf(h, id), hooks[id]);
      stores.set(id, store);
    }
    return store;
  };
  engine.registerHandler(COPY_TASK, copyHandler({ vfs: h.services.vfs, storeFor, mountWrites: writes, pageSize: 7 }));
  return { writes, putsTo: (id: string) => stores.get(id)?.puts.length ?? 0 };
}

/** Queues a copy through the route as the admin; the task's id. */
export async function queueCopy(h: Harness, items: { sourcePath: string; targetPath: string }[], skipExisting = true) {
  const res = await h.call('POST', '/api/fs/batch-copy', { headers: h.actors.admin(), body: { items, skipExisting } });
  expect(res.status, res.text).toBe(202);
  return (res.body.data as { jobId: string }).jobId;
}

export const taskRow = (h: Harness, id: string) =>
  h.db.selectFrom('fs_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
