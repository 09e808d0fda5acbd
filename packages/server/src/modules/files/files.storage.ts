import { Transform } from 'node:stream';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { AppError, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { SettingsService } from '../settings/settings.service.js';
import { bucketBaseUrl } from '../storage-configs/bucket-url.js';
import type { StorageConfig, StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import type { FilesRepository } from './files.repository.js';
import { insufficientStorage, tooLarge } from './files.rules.js';

/** Where an upload goes and how much it may hold: the upload limit and the config's room left. */
export interface UploadTarget {
  config: StorageConfig;
  store: ObjectStore;
  /** `max_upload_size` in bytes. */
  maxBytes: number;
  /** Capacity of the config (null = unlimited) and bytes left in it. */
  capacity: number | null;
  remaining: number | null;
  /** Of what is not left, the bytes uploads in progress hold (said in a 413, as the storage page counts stored files only). */
  reserved: number;
}

/**
 * An object's address under the config's custom host (a CDN or public bucket domain), or null without
 * one. Unsigned: it works only where the admin made the bucket (or the CDN) readable, which is what
 * setting a custom host says.
 */
export function customHostUrl(config: Pick<StorageConfig, 'custom_host'>, key: string): string | null {
  if (!config.custom_host) return null;
  return `${config.custom_host.replace(/\/+$/, '')}/${keyPath(key)}`;
}

/** An object key as a URL path: each segment escaped, the slashes kept. */
function keyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/**
 * The object's address, the original's `s3_url`: under the custom host when one is set, else the
 * bucket's own (unsigned) URL; null for LOCAL, whose objects have no address of their own.
 */
export function objectUrl(
  config: Pick<StorageConfig, 'storage_type' | 'custom_host' | 'endpoint_url' | 'bucket_name' | 'path_style'>,
  key: string,
): string | null {
  const hosted = customHostUrl(config, key);
  if (hosted || config.storage_type !== 'S3' || !config.endpoint_url) return hosted;
  const base = bucketBaseUrl(config);
  return base === null ? null : `${base}/${keyPath(key)}`;
}

export interface FileStorageDeps {
  repo: FilesRepository;
  storageConfigs: StorageConfigsService;
  settings: SettingsService;
}

/**
 * Storage for file shares: which configs an actor may upload to, the limits of an upload (size and
 * capacity, checked up front when the size is known and again while bytes stream), and stores for
 * existing shares.
 */
export function fileStorage(deps: FileStorageDeps) {
  const { repo, storageConfigs, settings } = deps;

  /** The config to use: the requested one, else the actor's default (admins: the default; keys: the first usable). */
  async function configIdFor(actor: AdminActor | ApiKeyActor, requested: string | undefined): Promise<string> {
    if (requested !== undefined) return requested;
    const [first] = await storageConfigs.list(actor);
    // No storage to choose from: the admin can add one; a key can only ask for one.
    if (!first)
      throw actor.type === 'admin'
        ? new AppError('NOT_FOUND', { text: msg('files.storage.noneForAdmin') })
        : new AppError('FORBIDDEN', { text: msg('files.storage.noneForApiKey') });
    return first.id;
  }

  return {
    /**
     * The config an upload goes to and its store. An API key may use only configs marked usable by
     * keys; others are 404 to it, as in the storage-config routes (the original let keys write anywhere).
     */
    async open(
      actor: AdminActor | ApiKeyActor,
      requested: string | undefined,
    ): Promise<{ config: StorageConfig; store: ObjectStore }> {
      const opened = await storageConfigs.storeFor(await configIdFor(actor, requested));
      if (actor.type !== 'admin' && opened.config.is_public !== 1) throw notFound('storage config');
      return opened;
    },

    /**
     * The limits of an upload into `opened` that writes `key`. An object already stored there (the
     * overwrite strategy replaces the creator's own file of the same name) is about to be replaced, so
     * its bytes count as free: a replacement near a full quota needs room only for what it adds.
     * A new upload (`admission`) must also leave the room other pending uploads declared, so issued
     * upload URLs can never together store more than the capacity; a publish counts stored objects
     * only (an upload admitted earlier is not refused for one admitted after it).
     */
    async target(
      opened: { config: StorageConfig; store: ObjectStore },
      key: string,
      admission = true,
    ): Promise<UploadTarget> {
      const { config } = opened;
      const { max_upload_size_bytes: maxBytes } = await settings.maxUploadSize();
      const capacity = config.total_storage_bytes;
      if (capacity === null) return { ...opened, maxBytes, capacity, remaining: null, reserved: 0 };
      const { stored, reserved } = admission
        ? await repo.heldBytes(config.id, key)
        : { stored: (await repo.usedBytes([config.id], key)).get(config.id) ?? 0, reserved: 0 };
      return { ...opened, maxBytes, capacity, remaining: Math.max(0, capacity - stored - reserved), reserved };
    },

    /** Throws 413 when a file of `size` bytes breaks the upload limit or does not fit in the config. */
    checkSize(target: UploadTarget, size: number, atLeast = false): void {
      if (size > target.maxBytes) throw tooLarge(size, target.maxBytes, atLeast);
      if (target.remaining !== null && target.capacity !== null && size > target.remaining) {
        throw insufficientStorage(size, target.remaining, target.capacity, atLeast, target.reserved);
      }
    },

    /** The stores of LOCAL configs (the cleanup job sweeps what crashes left in them). */
    async localStores(): Promise<ObjectStore[]> {
      return storageConfigs.localStores();
    },

    /** The store of an existing share's config. */
    async storeOf(configId: string): Promise<{ config: StorageConfig; store: ObjectStore }> {
      return storageConfigs.storeFor(configId);
    },
  };
}
export type FileStorage = ReturnType<typeof fileStorage>;

/**
 * A pass-through that counts bytes and fails with 413 as soon as the body breaks the limits of
 * `target` — so an upload of unknown length never writes more than allowed. `error` keeps the limit
 * error, because storage drivers wrap whatever ends their input.
 */
export function sizeLimiter(storage: FileStorage, target: UploadTarget, onBytes?: (total: number) => void) {
  let total = 0;
  const state: { error: Error | null; stream: Transform; bytes: () => number } = {
    error: null,
    bytes: () => total,
    // 1 MiB of buffer so the network keeps flowing while storage writes (the default 16 KiB stalls it).
    stream: new Transform({
      highWaterMark: 1024 * 1024,
      transform(chunk: Buffer, _encoding, callback) {
        total += chunk.length;
        try {
          storage.checkSize(target, total, true);
        } catch (err) {
          state.error = err as Error;
          callback(state.error);
          return;
        }
        onBytes?.(total);
        callback(null, chunk);
      },
    }),
  };
  // Bytes may flow (and break the limit) before storage attaches to the stream; the error is kept in
  // `state.error` and reaches storage as a destroyed stream, so it must not surface as unhandled.
  state.stream.on('error', () => undefined);
  return state;
}

/** Upload URLs live no longer than a pending upload is kept. */
export function uploadUrlLifetime(target: UploadTarget): number {
  return Math.min(target.config.signature_expires_in, 3600);
}
