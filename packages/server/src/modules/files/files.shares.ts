import type { FileShareOptions } from '@driftbox/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/client.js';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Ids } from '../../lib/crypto/ids.js';
import type { Logger } from '../../lib/logger.js';
import { isStorageError } from '../../storage/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { SettingsService } from '../settings/settings.service.js';
import { creatorOf, withSlug, writeWithSlug } from '../shares/share-rules.js';
import type { StorageConfig } from '../storage-configs/storage-configs.service.js';
import type { FileChanges, FileRow, FilesRepository } from './files.repository.js';
import { expiryFromHours, objectKeyFor, stagingKeyFor } from './files.rules.js';
import { uploadDiscarder } from './files.discard.js';
import type { FileStorage, UploadTarget } from './files.storage.js';

export type ShareOptions = z.output<typeof FileShareOptions>;
/** How a new share's object is named (the `file_naming_strategy` setting's values). */
export type NamingStrategy = 'overwrite' | 'random_suffix';

export interface SharesDeps {
  repo: FilesRepository;
  clock: Clock;
  ids: Ids;
  crypto: AppCrypto;
  logger: Logger;
  settings: SettingsService;
  storage: FileStorage;
}

/** What a new pending share is made of. */
/** What a new share row states itself; the rest comes from the share rules (`insertShare`). */
export type NewShareFields = Pick<
  FileRow,
  'id' | 'filename' | 'storage_config_id' | 'storage_path' | 'mimetype' | 'size' | 'status'
> &
  Partial<Pick<FileRow, 'file_path' | 'etag' | 'staging_path'>>;

export interface PendingInput {
  actor: AdminActor | ApiKeyActor;
  /** Where the bytes go: from `destination`. */
  target: UploadTarget;
  key: string;
  filename: string;
  mimetype: string;
  /** Declared size (0 when unknown); the stored size comes from storage at publish. */
  size: number;
  options: ShareOptions;
  /** upload-direct defaults to proxy links (as in the original); other uploads follow the setting. */
  useProxyDefault?: boolean;
  /** A presigned single PUT: its bytes go to a staging key of their own until the commit moves them (stagingKeyFor). */
  staged?: boolean;
}

const SUFFIX_LENGTH = 6;

/**
 * The life of a share's row around its upload: created `pending` with its options and object key,
 * published (`active`) once the stored object has been checked against the limits, or discarded with
 * its object. Every upload path (form, direct, presigned, multipart, URL) goes through here.
 */
export function shareWriter(deps: SharesDeps) {
  const { repo, clock, ids, crypto, settings, storage, logger } = deps;

  /** The columns the share options set; `useProxyDefault` when the caller did not choose. */
  async function optionColumns(
    options: Pick<ShareOptions, 'remark' | 'password' | 'expires_in' | 'max_views' | 'use_proxy'>,
    now: Date,
    useProxyDefault?: boolean,
  ): Promise<FileChanges> {
    const useProxy = options.use_proxy ?? useProxyDefault ?? (await settings.value('default_use_proxy')) === 'true';
    return {
      remark: options.remark ?? null,
      password_hash: options.password === undefined ? null : await crypto.passwords.hash(options.password),
      expires_at: expiryFromHours(options.expires_in, now),
      max_views: options.max_views ?? 0,
      use_proxy: useProxy ? 1 : 0,
    };
  }

  /**
   * Inserts a new share row (an upload's pending one, or a mount object's active one): `fields` over the
   * defaults, the option columns of the share rules, its creator, and a slug claimed with the row.
   */
  async function insertShare(
    fields: NewShareFields,
    input: {
      actor: PendingInput['actor'];
      options: Pick<ShareOptions, 'remark' | 'password' | 'expires_in' | 'max_views' | 'use_proxy' | 'slug'>;
      useProxyDefault?: boolean | undefined;
    },
  ): Promise<FileRow> {
    const now = clock.now();
    const columns = await optionColumns(input.options, now, input.useProxyDefault);
    const row: FileRow = {
      file_path: null,
      etag: null,
      upload_id: null,
      part_size: null,
      staging_path: null,
      ...fields,
      slug: '',
      remark: columns.remark ?? null,
      password_hash: columns.password_hash ?? null,
      password_version: 0,
      expires_at: columns.expires_at ?? null,
      max_views: columns.max_views ?? 0,
      views: 0,
      last_viewed_at: null,
      use_proxy: columns.use_proxy ?? 0,
      created_by: creatorOf(input.actor),
      created_at: iso(now),
      updated_at: iso(now),
    };
    row.slug = await withSlug(ids, input.options.slug, (slug) => repo.insert({ ...row, slug }));
    return row;
  }

  /**
   * The object key of a new share. With the `overwrite` strategy a name replaces only an object that
   * is the same creator's alone; another user's (or API key's) file gets a suffix instead, and so does an
   * object no share points at (the bytes a record-only delete left, or whatever else the bucket keeps).
   */
  async function keyFor(
    opened: { config: Pick<StorageConfig, 'id' | 'default_folder'>; store: ObjectStore },
    filename: string,
    path: string | undefined,
    createdBy: string,
    naming?: NamingStrategy,
  ): Promise<string> {
    const strategy = naming ?? (await settings.value('file_naming_strategy'));
    const parts = {
      folder: opened.config.default_folder,
      path,
      filename,
      strategy,
      suffix: () => ids.slug(SUFFIX_LENGTH),
    };
    const key = objectKeyFor(parts);
    if (strategy !== 'overwrite' || (await mayReplace(opened, key, createdBy))) return key;
    return objectKeyFor({ ...parts, strategy: 'random_suffix' });
  }

  /** Whether `createdBy` may write over whatever is stored at `key` (overwrite strategy). */
  async function mayReplace(
    opened: { config: Pick<StorageConfig, 'id'>; store: ObjectStore },
    key: string,
    createdBy: string,
  ): Promise<boolean> {
    const creators = await repo.creatorsOf(opened.config.id, key);
    if (creators.length > 0) return creators.every((c) => c === createdBy);
    try {
      await opened.store.head(key);
      return false;
    } catch (err) {
      // Only a name storage says is free is taken as it is; when storage cannot tell, the suffix is safe.
      if (isStorageError(err, 'NOT_FOUND')) return true;
      // Credentials without read access to a missing key get 403: every upload then gets a suffix. Say so.
      logger.warn('Overwrite naming could not ask storage whether a name is free; the upload gets a suffix', {
        config: opened.config.id,
        key,
        error: String(err),
      });
      return false;
    }
  }

  const { purgeLater, discard } = uploadDiscarder(deps);

  /**
   * An upload admitted at the same moment as others: each read the room before any of them held it.
   * Read again now that this one holds its bytes, and step back (413) when together they do not fit,
   * so the uploads admitted never hold more than the capacity (at worst two racing ones both step back).
   */
  async function keepsWithinCapacity(row: FileRow, target: UploadTarget): Promise<void> {
    if (target.capacity === null || row.size === 0) return;
    const { stored, reserved } = await repo.heldBytes(target.config.id, row.storage_path, row.id);
    if (stored + reserved + row.size <= target.capacity) return;
    await repo.delete(row.id);
    storage.checkSize({ ...target, remaining: Math.max(0, target.capacity - stored - reserved), reserved }, row.size);
  }

  return {
    repo,
    discard,
    purgeLater,
    optionColumns,

    /**
     * Where a new upload goes: its config (the requested one or the actor's default), the object key it
     * will write (named by `naming`, else the `file_naming_strategy` setting), and the room it has — with the object that key replaces (overwrite strategy) counted
     * as free. Check the declared size against this target, then `createPending` with both.
     */
    async destination(
      actor: AdminActor | ApiKeyActor,
      configId: string | undefined,
      filename: string,
      path: string | undefined,
      naming?: NamingStrategy,
    ): Promise<{ target: UploadTarget; key: string }> {
      const opened = await storage.open(actor, configId);
      const key = await keyFor(opened, filename, path, creatorOf(actor), naming);
      return { target: await storage.target(opened, key), key };
    },

    /** Inserts the pending row (custom slug: 409 when taken; else a random one) and returns it. */
    async createPending(input: PendingInput): Promise<FileRow> {
      const id = ids.uuid();
      const row = await insertShare(
        {
          id,
          filename: input.filename,
          storage_config_id: input.target.config.id,
          storage_path: input.key,
          mimetype: input.mimetype,
          size: input.size,
          status: 'pending',
          staging_path: input.staged ? stagingKeyFor(input.target.config.default_folder, id) : null,
        },
        input,
      );
      await keepsWithinCapacity(row, input.target);
      return row;
    },

    insertShare,

    /** The caller's own pending upload; 404 for anyone else's, a finished one, or an unknown id. */
    async requirePending(actor: AdminActor | ApiKeyActor, fileId: string): Promise<FileRow> {
      const row = await repo.findById(fileId, creatorOf(actor));
      if (!row || row.status !== 'pending') throw notFound('upload');
      return row;
    },

    /**
     * Publishes a pending share after its object is stored: the real size (from storage, never from the
     * client) is checked against the limits again, with fresh usage; a refused or vanished upload is
     * discarded with its object. `changes` may carry options that arrived after the bytes (form fields).
     */
    async publish(
      row: FileRow,
      actor: AdminActor | ApiKeyActor,
      stored: { size: number; etag: string },
      changes: FileChanges = {},
    ): Promise<FileRow> {
      const { store } = await storage.storeOf(row.storage_config_id);
      let settled = false;
      try {
        // The object this upload wrote over (overwrite strategy) is replaced, not added to.
        const target = await storage.target(await storage.open(actor, row.storage_config_id), row.storage_path, false);
        storage.checkSize(target, stored.size);
        // Checked again where it is decided: other uploads may have taken the space since.
        const { activated, used } = await repo.activateWithin(row, stored.size, target.capacity, {
          ...changes,
          size: stored.size,
          etag: stored.etag,
          updated_at: iso(clock.now()),
        });
        if (!activated) {
          // A concurrent commit of the same upload published it first: not ours to discard. A row gone
          // instead was discarded (an abort) while we stored: what we stored after it is ours to remove.
          const current = await repo.findById(row.id);
          if (current && current.status !== 'pending') settled = true;
          else if (target.capacity !== null && used + stored.size > target.capacity)
            storage.checkSize({ ...target, remaining: Math.max(0, target.capacity - used) }, stored.size);
          throw notFound('upload');
        }
      } catch (err) {
        if (!settled) await discard(row, store);
        throw isUniqueViolation(err) ? conflict('SLUG_TAKEN') : err;
      }
      return { ...row, ...(changes as Partial<FileRow>), size: stored.size, etag: stored.etag, status: 'active' };
    },

    /**
     * Replaces a pending share's options (a resumed upload completes with the form's current ones): a new
     * custom slug is taken or 409 SLUG_TAKEN, none keeps the current one. Returns the updated row.
     */
    async reoption<R extends FileRow>(row: R, options: Omit<ShareOptions, 's3_config_id' | 'path'>): Promise<R> {
      const now = clock.now();
      const changes: FileChanges = { ...(await optionColumns(options, now)), updated_at: iso(now) };
      const slug = await writeWithSlug(ids, row.slug, options.slug, async (claimed) => {
        if (!(await repo.update(row.id, claimed === undefined ? changes : { ...changes, slug: claimed })))
          throw notFound('upload');
      });
      return { ...row, ...(changes as Partial<FileRow>), slug };
    },

    /** Records activity on a long upload, so the cleanup job does not take it for abandoned. */
    async touch(row: FileRow): Promise<void> {
      await repo.update(row.id, { updated_at: iso(clock.now()) });
    },
  };
}
export type ShareWriter = ReturnType<typeof shareWriter>;
