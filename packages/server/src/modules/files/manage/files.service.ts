import {
  Permission,
  type FileBatchDeleteBody,
  type FileBatchDeleteResult,
  type FileDetailDto,
  type FileDto,
  type FileListQuery,
  type FileUpdateBody,
  type ListPagination,
} from '@driftbox/contract';
import type { z } from 'zod';
import type { Actor, AdminActor, ApiKeyActor } from '../../../lib/auth/actor.js';
import { assertPermission } from '../../../lib/auth/authz.js';
import { iso, type Clock } from '../../../lib/clock.js';
import type { AppCrypto } from '../../../lib/crypto/crypto.js';
import { invalidField, notFound, notFoundText } from '../../../lib/errors.js';
import { t, type Lang } from '../../../lib/i18n/i18n.js';
import type { Ids } from '../../../lib/crypto/ids.js';
import { creatorOf, scopeOf, withSlug } from '../../../lib/shares/share-rules.js';
import type { FileStatsPort } from '../../dashboard/file-stats.port.js';
import type { LocalAccessGuard } from '../../local-storage/local-storage.service.js';
import type { StorageUsagePort } from '../../storage-configs/storage-configs.usage.js';
import type { FileAccessService } from '../access/file-access.service.js';
import { presentDetail, presentFile, shareUrls } from '../files.presenter.js';
import type { FileChanges, FileListRow, FilesRepository } from '../files.repository.js';
import { directLinkScopeOf, expiryFromHours, isExpired, uploadScopeId } from '../files.rules.js';
import type { FileRemover } from '../cleanup/files.cleanup.js';

type ListInput = z.output<typeof FileListQuery>;
type UpdateInput = z.output<typeof FileUpdateBody>;
type DeleteInput = z.output<typeof FileBatchDeleteBody>;

export interface FilesDeps {
  repo: FilesRepository;
  clock: Clock;
  ids: Ids;
  crypto: AppCrypto;
  access: FileAccessService;
  remover: FileRemover;
}

/** A page of the management list and the original's top-level pagination block. */
export interface FileListResult {
  items: FileDto[];
  pagination: ListPagination;
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
      if (!row || row.storage_config_id !== configId || row.storage_path !== key) return 'gone';
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

/** Managing file shares: admins all of them, keys with FILE_SHARE their own (others' are 404). */
export function createFilesService(deps: FilesDeps) {
  const { repo, clock, ids, crypto, access, remover } = deps;

  function assertFileShare(actor: Actor): asserts actor is AdminActor | ApiKeyActor {
    assertPermission(actor, Permission.FILE_SHARE);
  }

  async function requireOwned(actor: AdminActor | ApiKeyActor, idOrSlug: string): Promise<FileListRow> {
    const row = await repo.findDetail(idOrSlug, scopeOf(actor));
    if (!row) throw notFound('file');
    return row;
  }

  /** Links for the manager: with a token, so a protected share can be previewed from the admin pages. */
  function detailOf(row: FileListRow, origin: string): FileDetailDto {
    return presentDetail(row, shareUrls(origin, row.slug, access.issueFor(row).token));
  }

  async function changesOf(
    row: FileListRow,
    body: UpdateInput,
    now: Date,
  ): Promise<{ changes: FileChanges; newPassword: boolean }> {
    const changes: FileChanges = { updated_at: iso(now) };
    if (body.remark !== undefined) changes.remark = body.remark;
    if (body.use_proxy !== undefined) changes.use_proxy = body.use_proxy ? 1 : 0;
    if (body.expires_in !== undefined) changes.expires_at = expiryFromHours(body.expires_in, now);
    if (body.expires_at !== undefined) {
      if (body.expires_at !== null && Date.parse(body.expires_at) <= now.getTime()) {
        throw invalidField('expires_at', { en: 'Expiry must be in the future', zh: '过期时间必须晚于当前时间' });
      }
      changes.expires_at = body.expires_at === null ? null : iso(new Date(body.expires_at));
    }
    // Views restart only when the limit itself changes (as in the original).
    if (body.max_views !== undefined && body.max_views !== (row.max_views ?? 0)) {
      changes.max_views = body.max_views;
      changes.views = 0;
    }
    const clear = body.clear_password === true || body.password === '' || body.password === null;
    const newHash = body.password ? await crypto.passwords.hash(body.password) : undefined;
    const newPassword = newHash !== undefined || (clear && row.password_hash !== null);
    if (newPassword) changes.password_hash = newHash ?? null;
    return { changes, newPassword };
  }

  return {
    /** One page of the shares the actor may manage, newest first, optionally searched. */
    async list(actor: Actor, query: ListInput): Promise<FileListResult> {
      assertFileShare(actor);
      const createdBy = actor.type === 'admin' ? query.created_by : creatorOf(actor);
      const filter = { createdBy, search: query.search, limit: query.limit, offset: query.offset };
      const [rows, total] = await Promise.all([repo.list(filter), repo.count(filter)]);
      const pagination = {
        total,
        limit: query.limit,
        offset: query.offset,
        hasMore: query.offset + rows.length < total,
        page: Math.floor(query.offset / query.limit) + 1,
        totalPages: Math.ceil(total / query.limit),
      };
      return { items: rows.map(presentFile), pagination };
    },

    /**
     * One share (by id or slug) with its links; 404 when unknown or not the actor's. Counts no view:
     * the share page asks here first, so the uploader can look at a limited share without using it up.
     */
    async get(actor: Actor, idOrSlug: string, origin: string): Promise<FileDetailDto> {
      assertFileShare(actor);
      return detailOf(await requireOwned(actor, idOrSlug), origin);
    },

    /** Applies the given changes; a new or cleared password invalidates every access token issued. */
    async update(actor: Actor, id: string, body: UpdateInput, origin: string): Promise<FileDetailDto> {
      assertFileShare(actor);
      const row = await requireOwned(actor, id);
      const { changes, newPassword } = await changesOf(row, body, clock.now());
      const write = async (slug: string | undefined) => {
        if (!(await repo.update(row.id, slug === undefined ? changes : { ...changes, slug }, newPassword)))
          throw notFound('file');
      };
      if (body.slug === undefined || body.slug === row.slug) await write(undefined);
      else await withSlug(ids, body.slug === '' ? undefined : body.slug, write);
      return detailOf(await requireOwned(actor, row.id), origin);
    },

    /** Deletes the listed shares the actor may manage (others' ids count as not found); why others failed, in `lang`. */
    async removeMany(actor: Actor, body: DeleteInput, lang: Lang): Promise<FileBatchDeleteResult> {
      assertFileShare(actor);
      const wanted = [...new Set(body.ids)];
      const rows = await repo.findManyActive(wanted, scopeOf(actor));
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
