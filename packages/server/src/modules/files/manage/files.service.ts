import {
  Permission,
  type FileBatchDeleteBody,
  type FileBatchDeleteResult,
  type FileDetailDto,
  type FileDto,
  type FileListQuery,
  type FileUpdateBody,
} from '@driftbox/contract';
import type { z } from 'zod';
import type { Actor } from '../../../lib/auth/actor.js';
import type { Clock } from '../../../lib/clock.js';
import { notFoundText } from '../../../lib/errors.js';
import { t, type Lang } from '../../../lib/i18n/i18n.js';
import type { FileStatsPort } from '../../dashboard/file-stats.port.js';
import type { LocalAccessGuard } from '../../local-storage/local-storage.service.js';
import { isExpired, type ExpiryRequest } from '../../shares/share-expiry.js';
import { shareManager, type ShareEdit, type ShareManagerDeps, type SharePage } from '../../shares/share-manager.js';
import type { StorageUsagePort } from '../../storage-configs/storage-configs.usage.js';
import type { FileAccessService } from '../access/file-access.service.js';
import { presentDetail, presentFile, shareUrls } from '../files.presenter.js';
import type { FileListRow, FilesRepository } from '../files.repository.js';
import { directLinkScopeOf, lifetimeOfHours, uploadScopeId } from '../files.rules.js';
import type { FileRemover } from '../cleanup/files.cleanup.js';

type UpdateInput = z.output<typeof FileUpdateBody>;

/** The share rules' ports (clock, ids, crypto), the files repository, links, and deleting with the objects. */
export interface FilesDeps extends ShareManagerDeps {
  repo: FilesRepository;
  access: FileAccessService;
  remover: FileRemover;
}

/** The usage port of the storage-configs module (bytes of active shares, shares per config). */
export function fileStorageUsage(repo: FilesRepository): StorageUsagePort {
  return {
    countShares: (configId) => repo.countByConfig(configId),
    usedBytes: (configIds) => repo.usedBytes(configIds),
  };
}

/**
 * The local-storage module's guard. A whole-object PUT through a signed URL stores only while the
 * upload it was issued for is pending: not after its commit (the URL outlives it by up to an hour) nor
 * after a cancel (its bytes would sit where no share and no capacity counts them). A URL for no upload
 * (the storage test's) may not replace a published share's bytes. A direct download link serves only
 * while its share is active, unexpired and on the password it was issued under.
 */
export function fileAccessGuard(repo: FilesRepository, clock: Clock): LocalAccessGuard {
  return {
    async mayPut(configId, key, scope) {
      if (scope === undefined) return (await repo.publishedOnly(configId, key)) ? 'published' : 'ok';
      const row = await repo.findById(uploadScopeId(scope));
      // A presigned upload writes its staging key; only uploads presigned before those existed, the share's.
      if (!row || row.storage_config_id !== configId || (row.staging_path ?? row.storage_path) !== key) return 'gone';
      return row.status === 'pending' ? 'ok' : 'published';
    },
    unclaimed: async (configId, key) => !(await repo.objectShared(configId, key, '')),
    async mayGet(scope) {
      const link = directLinkScopeOf(scope);
      const row = link && (await repo.findById(link.id));
      return (
        !!row &&
        row.status === 'active' &&
        row.password_version === link?.passwordVersion &&
        !isExpired(row, clock.now())
      );
    },
  };
}

/** The dashboard's FileStatsPort over active shares: totals, per config, and created per day. */
export function fileStats(repo: FilesRepository): FileStatsPort {
  return {
    async totals() {
      const rows = await repo.totalsByConfig();
      const byConfig = new Map(rows.map((r) => [r.storage_config_id, { files: r.count, bytes: r.bytes }]));
      return { files: rows.reduce((n, r) => n + r.count, 0), bytes: rows.reduce((n, r) => n + r.bytes, 0), byConfig };
    },
    createdPerDay: (since) => repo.createdPerDay(since),
  };
}

/** Why a batch delete skipped an id: unknown, or a share the caller may not manage. */
const NOT_FOUND = notFoundText('file');

/** A file's expiry as the share rules take it: `expires_in` hours (0 = never) or an absolute `expires_at`. */
function fileExpiry(body: UpdateInput): ExpiryRequest | undefined {
  if (body.expires_in !== undefined) return { lifetimeMs: lifetimeOfHours(body.expires_in) };
  return body.expires_at === undefined ? undefined : { at: body.expires_at, field: 'expires_at' };
}

/** What an update body asks of the share rules: `password: ''` or null clears the password, as `clear_password` does. */
function shareEditOf(body: UpdateInput): ShareEdit {
  return {
    remark: body.remark,
    expiry: fileExpiry(body),
    maxViews: body.max_views,
    password: body.password || undefined,
    clearPassword: body.clear_password === true || body.password === '' || body.password === null,
    slug: body.slug,
  };
}

/**
 * Managing file shares: admins all of them, keys with FILE_SHARE their own (others' are 404). The share
 * rules (modules/shares/) over the files table, plus a file's own column, its proxy mode.
 */
export function createFilesService(deps: FilesDeps) {
  const { repo, access, remover } = deps;
  const shares = shareManager(
    { resource: 'file', permission: Permission.FILE_SHARE, managePermission: Permission.FILE_MANAGE, store: repo },
    deps,
  );

  /** Links for the manager: with a token, so a protected share can be previewed from the admin pages. */
  function detailOf(row: FileListRow, origin: string): FileDetailDto {
    return presentDetail(row, shareUrls(origin, row.slug, access.issueFor(row).token));
  }

  return {
    /** One page of the shares the actor may manage, newest first, optionally searched. */
    async list(actor: Actor, query: z.output<typeof FileListQuery>): Promise<SharePage<FileDto>> {
      const page = await shares.list(actor, query);
      return { ...page, items: page.items.map(presentFile) };
    },

    /**
     * One share (by id or slug) with its links; 404 when unknown or not the actor's. Counts no view:
     * the share page asks here first, so the uploader can look at a limited share without using it up.
     */
    async get(actor: Actor, idOrSlug: string, origin: string): Promise<FileDetailDto> {
      return detailOf(await shares.requireOwned(actor, idOrSlug), origin);
    },

    /** Applies the given changes; a new or cleared password invalidates every access token issued. */
    async update(actor: Actor, id: string, body: UpdateInput, origin: string): Promise<FileDetailDto> {
      const own = body.use_proxy === undefined ? {} : { use_proxy: body.use_proxy ? 1 : 0 };
      return detailOf(await shares.update(actor, id, shareEditOf(body), own), origin);
    },

    /** Deletes the listed shares the actor may manage (others' ids count as not found); why others failed, in `lang`. */
    async removeMany(
      actor: Actor,
      body: z.output<typeof FileBatchDeleteBody>,
      lang: Lang,
    ): Promise<FileBatchDeleteResult> {
      const scope = shares.scope(actor);
      const wanted = [...new Set(body.ids)];
      const rows = await repo.findManyActive(wanted, scope);
      const found = new Set(rows.map((r) => r.id));
      const failed = wanted.filter((id) => !found.has(id)).map((id) => ({ id, error: t(lang, NOT_FOUND) }));
      let deleted = 0;
      for (const row of rows) {
        const error = await remover.remove(row, body.delete_mode === 'both');
        if (error) failed.push({ id: row.id, error: t(lang, error) });
        else deleted += 1;
      }
      return { deleted, success: deleted, failed };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
