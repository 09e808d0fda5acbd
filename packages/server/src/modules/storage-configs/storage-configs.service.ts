import {
  Permission,
  type S3Provider,
  type StorageConfigCreateBody,
  type StorageConfigDto,
  type StorageConfigSummaryDto,
  type StorageConfigUpdateBody,
  type StorageTestResult,
} from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../lib/auth/actor.js';
import { assertAdmin, assertPermission } from '../../lib/auth/authz.js';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Ids } from '../../lib/crypto/ids.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { withStorageName } from '../../storage/named-store.js';
import type { StoreFactory, StoreSpec } from '../../storage/stores.js';
import { bucketBaseUrl } from './bucket-url.js';
import { changesFromUpdate, credentialContext, rowFromCreate } from './storage-configs.input.js';
import { presentStorageConfig, presentStorageConfigSummary } from './storage-configs.presenter.js';
import { probeStore, type ProbeOptions } from './storage-configs.probe.js';
import { storageConfigsRepository, type StorageConfigRow } from './storage-configs.repository.js';
import { NO_MOUNT_USAGE, type MountUsagePort, type StorageUsagePort } from './storage-configs.usage.js';

/**
 * A storage config as other modules hold it (the files module's uploads and links): where objects go
 * and how they are addressed. Its credentials are left out: they never leave this module.
 */
export type StorageConfig = Omit<StorageConfigRow, 'access_key_id_enc' | 'secret_access_key_enc'>;

type CreateInput = z.output<typeof StorageConfigCreateBody>;
type UpdateInput = z.output<typeof StorageConfigUpdateBody>;

export interface StorageConfigsDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  crypto: AppCrypto;
  stores: StoreFactory;
  usage: StorageUsagePort;
  /** Mounts per config (the mounts module); none when left out. */
  mountUsage?: MountUsagePort;
}

const LAST_USED_EVERY_MS = 60_000;
/** How long the list of plain-http endpoints is reused; another instance's change shows within it. */
const ORIGINS_TTL_MS = 10_000;

/**
 * The plain-http origins of an S3 config, which the pages' CSP must list: the bucket's as the SDK signs
 * its URLs (presigned uploads and downloads) and the custom host that inline direct-mode links go to.
 */
function httpOriginsOf(row: StorageConfigRow): string[] {
  if (row.storage_type !== 'S3') return [];
  const urls = [bucketBaseUrl(row), row.custom_host];
  return urls.flatMap((url) => (url && /^http:\/\//i.test(url) && URL.canParse(url) ? [new URL(url).origin] : []));
}

/** Storage configs: admin CRUD, the read-only view for API keys, connection tests, and opening stores. */
export function createStorageConfigsService(deps: StorageConfigsDeps) {
  const repo = storageConfigsRepository(deps.db);
  const { clock, crypto, usage } = deps;
  const mountUsage = deps.mountUsage ?? NO_MOUNT_USAGE;
  /**
   * Open stores (S3 clients keep connection pools), reused while the row is unchanged. A replaced store
   * is dropped, not closed: transfers still streaming through it finish, and its idle sockets time out.
   */
  const cache = new Map<string, { updatedAt: string; store: ObjectStore }>();

  const decrypt = (sealed: string | null, column: 'access_key_id' | 'secret_access_key', id: string) =>
    sealed === null ? null : crypto.box.decrypt(sealed, credentialContext(column, id));

  async function requireRow(id: string): Promise<StorageConfigRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound('storage config');
    return row;
  }

  async function present(row: StorageConfigRow): Promise<StorageConfigDto> {
    const used = (await usage.usedBytes([row.id])).get(row.id) ?? 0;
    return presentStorageConfig(row, used, decrypt(row.access_key_id_enc, 'access_key_id', row.id));
  }

  function specOf(row: StorageConfigRow): StoreSpec {
    if (row.storage_type === 'LOCAL') return { type: 'LOCAL', configId: row.id };
    return {
      type: 'S3',
      configId: row.id,
      provider: row.provider_type as S3Provider,
      endpoint: row.endpoint_url,
      region: row.region,
      bucket: row.bucket_name,
      accessKeyId: decrypt(row.access_key_id_enc, 'access_key_id', row.id) ?? '',
      secretAccessKey: decrypt(row.secret_access_key_enc, 'secret_access_key', row.id) ?? '',
      pathStyle: row.path_style === 1,
    };
  }

  /**
   * The store of a row. The cache is keyed by `updated_at`, so another instance's update (shared
   * PostgreSQL) is noticed on the next use without any cross-instance message.
   */
  function storeOf(row: StorageConfigRow): ObjectStore {
    const cached = cache.get(row.id);
    if (cached && cached.updatedAt === row.updated_at) return cached.store;
    const store = withStorageName(deps.stores.open(specOf(row)), row.name);
    cache.set(row.id, { updatedAt: row.updated_at, store });
    return store;
  }

  let origins: { at: number; value: Promise<string[]> } | null = null;

  function forget(id: string): void {
    cache.delete(id);
    origins = null;
  }

  async function assertNameFree(name: string | undefined, exceptId?: string): Promise<void> {
    if (name !== undefined && (await repo.nameExists(name, exceptId))) throw conflict('NAME_TAKEN');
  }

  return {
    /** Admin: every config. API key with FILE_SHARE: those marked usable by keys, without any detail of the backend. */
    async list(actor: Actor): Promise<StorageConfigDto[] | StorageConfigSummaryDto[]> {
      assertPermission(actor, Permission.FILE_SHARE);
      const rows = await repo.list(actor.type !== 'admin');
      const used = await usage.usedBytes(rows.map((r) => r.id));
      if (actor.type !== 'admin') return rows.map((r) => presentStorageConfigSummary(r, used.get(r.id) ?? 0));
      return rows.map((r) =>
        presentStorageConfig(r, used.get(r.id) ?? 0, decrypt(r.access_key_id_enc, 'access_key_id', r.id)),
      );
    },

    /** One config, under the same rules; a config a key may not use is 404 to it. */
    async get(actor: Actor, id: string): Promise<StorageConfigDto | StorageConfigSummaryDto> {
      assertPermission(actor, Permission.FILE_SHARE);
      const row = await repo.findById(id);
      if (!row || (actor.type !== 'admin' && row.is_public !== 1)) throw notFound('storage config');
      if (actor.type === 'admin') return present(row);
      return presentStorageConfigSummary(row, (await usage.usedBytes([id])).get(id) ?? 0);
    },

    async create(actor: Actor, body: CreateInput): Promise<StorageConfigDto> {
      assertAdmin(actor);
      await assertNameFree(body.name);
      const row = rowFromCreate(body, {
        id: deps.ids.uuid(),
        now: iso(clock.now()),
        createdBy: actor.id,
        box: crypto.box,
      });
      try {
        await repo.insert(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('NAME_TAKEN');
        throw err;
      }
      forget(row.id);
      return present(await requireRow(row.id));
    },

    /** Updates whitelisted fields; absent or empty credentials keep the stored ones. */
    async update(actor: Actor, id: string, body: UpdateInput): Promise<StorageConfigDto> {
      assertAdmin(actor);
      const row = await requireRow(id);
      await assertNameFree(body.name, id);
      try {
        await repo.update(id, changesFromUpdate(row, body, crypto.box, iso(clock.now())));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('NAME_TAKEN');
        throw err;
      }
      forget(id);
      return present(await requireRow(id));
    },

    /**
     * Deletes a config that nothing uses. Refused (409) for the default — set another first, so there
     * is always somewhere to upload — and while file shares keep objects in it. The objects of a LOCAL
     * config stay on disk: deleting data is never a side effect of deleting a setting.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      assertAdmin(actor);
      const row = await requireRow(id);
      if (row.is_default === 1) {
        throw new AppError('CONFLICT', { text: msg('storage.config.deleteDefault') });
      }
      const shares = await usage.countShares(id);
      if (shares > 0) {
        throw new AppError('CONFLICT', { text: msg('storage.config.inUse', { shares }) });
      }
      const mounts = await mountUsage.countMounts(id);
      if (mounts > 0) {
        throw new AppError('CONFLICT', { text: msg('storage.config.mounted', { mounts }) });
      }
      if (!(await repo.delete(id))) throw notFound('storage config');
      forget(id);
    },

    /** Makes this config the one default. */
    async setDefault(actor: Actor, id: string): Promise<StorageConfigDto> {
      assertAdmin(actor);
      if (!(await repo.setDefault(id))) throw notFound('storage config');
      return present(await requireRow(id));
    },

    /** Runs the connection checks (read, write, presigned round trip, CORS, delete) against the backend. */
    async test(
      actor: Actor,
      id: string,
      options: Pick<ProbeOptions, 'origin' | 'fetch' | 'lang'>,
    ): Promise<StorageTestResult> {
      assertAdmin(actor);
      const row = await requireRow(id);
      return probeStore(storeOf(row), {
        ...options,
        kind: row.storage_type === 'LOCAL' ? 'LOCAL' : 'S3',
        provider: row.provider_type,
        folder: row.default_folder,
        expiresIn: Math.min(row.signature_expires_in, 600),
        probeId: deps.ids.uuid(),
      });
    },

    /** A config as other modules hold it (no credentials), or undefined when there is none. */
    async find(id: string): Promise<StorageConfig | undefined> {
      const row = await repo.findById(id);
      if (!row) return undefined;
      const { access_key_id_enc: _id, secret_access_key_enc: _secret, ...config } = row;
      return config;
    },

    /** Bytes stored through a config: what its quota (`total_storage_bytes`) is counted against. */
    async usedBytes(id: string): Promise<number> {
      return (await usage.usedBytes([id])).get(id) ?? 0;
    },

    /** The store of a config, for the modules that keep content in it (files, mounts, local URLs). */
    async storeFor(id: string): Promise<{ config: StorageConfig; store: ObjectStore }> {
      const row = await requireRow(id);
      const now = clock.now();
      await repo.touchLastUsed(id, iso(now), iso(addMs(now, -LAST_USED_EVERY_MS)));
      return { config: row, store: storeOf(row) };
    },

    /** The stores of every LOCAL config, for the cleanup job's sweep of what crashes left on disk. */
    async localStores(): Promise<ObjectStore[]> {
      return (await repo.list(false)).filter((row) => row.storage_type === 'LOCAL').map(storeOf);
    },

    /** The store behind a LOCAL config's signed URLs; 404 for unknown or S3 configs. */
    async localStore(id: string): Promise<ObjectStore> {
      const row = await repo.findById(id);
      if (!row || row.storage_type !== 'LOCAL') throw notFound('storage config');
      return storeOf(row);
    },

    /**
     * Origins of S3 endpoints reached over plain http (https: is allowed as a whole): the browser PUTs
     * presigned uploads there, so the pages' `connect-src` lists them.
     */
    browserOrigins(): Promise<string[]> {
      const now = clock.now().getTime();
      if (!origins || now - origins.at > ORIGINS_TTL_MS) {
        const value = repo.list(false).then((rows) => [...new Set(rows.flatMap(httpOriginsOf))]);
        // A failed lookup must not stick: the next page asks again.
        origins = { at: now, value: value.catch(() => ((origins = null), [])) };
      }
      return origins.value;
    },

    /** Closes every open store (on shutdown). */
    close(): void {
      for (const { store } of cache.values()) store.close();
      cache.clear();
    },
  };
}
export type StorageConfigsService = ReturnType<typeof createStorageConfigsService>;
