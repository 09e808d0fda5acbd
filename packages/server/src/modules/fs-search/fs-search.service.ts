import type { FsSearchQuery } from '@driftbox/contract';
import {
  normalizePath,
  Permission,
  SEARCH_QUERY_MIN,
  uploadMimetype,
  type FsSearchDto,
  type FsSearchResultDto,
} from '@driftbox/contract';
import type { z } from 'zod';
import type { Actor, AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { assertPermission } from '../../lib/auth/authz.js';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { authorize, isWithin } from '../../vfs/authorize.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { VfsMount } from '../../vfs/vfs-types.js';
import type { FsSearchRepository, IndexRow, MountFilter } from './fs-search.repository.js';

type Query = z.output<typeof FsSearchQuery>;
type Caller = AdminActor | ApiKeyActor;

/** The task type of a mount's index refresh. */
export const INDEX_TASK = 'index-mount';
/** An index is refreshed once older than the mount's cache TTL, and never more often than this. */
export const INDEX_MIN_AGE_MS = 60_000;
/** A queued refresh that has not finished after this long may be queued again (its worker died). */
export const INDEX_REQUEUE_MS = 10 * 60_000;
/** Who owns the refresh tasks (admins see them in /api/fs/tasks; keys never do). */
export const INDEX_OWNER: AdminActor = { type: 'admin', id: 'system', username: 'system' };

export interface SearchDeps {
  repo: FsSearchRepository;
  clock: Clock;
  vfs: Pick<Vfs, 'resolve' | 'mountsFor'>;
  /** The names of the mounts the caller may see (mounts' `listVisible`). */
  mountNames(actor: Caller): Promise<Map<string, string>>;
  /** Queues a refresh task (tasks' `enqueue`). */
  enqueue(type: string, payload: unknown, owner: Caller): Promise<unknown>;
}

/** Where a search looks: below `root`, in each mount at/below it or holding it, minus deeper mounts. */
export function filtersFor(mounts: readonly VfsMount[], candidates: readonly VfsMount[], root: string): MountFilter[] {
  const filters: MountFilter[] = [];
  for (const m of candidates) {
    let prefix: string | null;
    if (isWithin(m.path, root)) prefix = null;
    else if (isWithin(root, m.path)) prefix = root.slice(m.path.length);
    else continue;
    const exclude = mounts.filter((d) => d.path.startsWith(m.path + '/')).map((d) => d.path.slice(m.path.length));
    // The root lies in a deeper mount: nothing of this one's storage shows there.
    if (prefix !== null && exclude.some((rel) => isWithin(prefix, rel))) continue;
    filters.push({ mountId: m.id, prefix, exclude });
  }
  return filters;
}

/**
 * Name search over the search index (issue 26): only the mounts the caller may see (`vfs.mountsFor`)
 * and only below its base path — the root of every search passes `authorize` of the vfs. The index of a
 * searched mount older than its TTL (or marked stale by a write) is refreshed by a task in the background.
 */
export function createSearchService(deps: SearchDeps) {
  const { repo, clock } = deps;

  /** The path every result lies at or below; checked by the vfs's base-path rule. */
  async function rootOf(
    actor: Caller,
    query: Query,
    mounts: VfsMount[],
  ): Promise<{ root: string | null; only?: VfsMount }> {
    const base = normalizePath(actor.type === 'admin' ? '/' : actor.basicPath || '/');
    // A stored base path that is not one confines the key to nothing (as the vfs does).
    const basePath = base.ok ? base.path : null;
    if (query.scope === 'directory') {
      if (!query.path) throw invalidField('path', msg('search.pathRequired'));
      return { root: (await deps.vfs.resolve(actor, query.path, 'search', { field: 'path' })).path };
    }
    if (query.scope === 'mount') {
      if (!query.mount_id) throw invalidField('mount_id', msg('search.mountRequired'));
      const only = mounts.find((m) => m.id === query.mount_id);
      if (!only || basePath === null) throw notFound('mount');
      return { root: isWithin(basePath, only.path) ? basePath : only.path, only };
    }
    return { root: basePath };
  }

  /** Queues refreshes of the mounts whose index is too old or stale; the ids never indexed yet. */
  async function keepFresh(mounts: VfsMount[]): Promise<string[]> {
    const now = clock.now();
    const states = new Map((await repo.states(mounts.map((m) => m.id))).map((s) => [s.mount_id, s]));
    const never: string[] = [];
    for (const m of mounts) {
      const state = states.get(m.id);
      const refreshed = state?.refreshed_at ?? null;
      if (refreshed === null) never.push(m.id);
      const maxAge = Math.max(m.cacheTtl * 1000, INDEX_MIN_AGE_MS);
      const due =
        refreshed === null ||
        refreshed < iso(addMs(now, -maxAge)) ||
        (state?.stale_at != null && state.stale_at >= refreshed);
      if (due && (await repo.claimQueue(m.id, iso(now), iso(addMs(now, -INDEX_REQUEUE_MS))))) {
        await deps.enqueue(INDEX_TASK, { mountId: m.id }, INDEX_OWNER);
      }
    }
    return never;
  }

  function present(row: IndexRow, mount: VfsMount, names: Map<string, string>): FsSearchResultDto {
    const isDirectory = row.is_dir === 1;
    return {
      name: row.name,
      path: mount.path + row.path,
      size: Number(row.size),
      modified: row.modified,
      isDirectory,
      contentType: isDirectory ? null : uploadMimetype(row.name),
      mount_id: mount.id,
      mount_name: names.get(mount.id) ?? '',
      storage_type: mount.storageType,
      s3_key: row.path.slice(1),
    };
  }

  return {
    async search(actor: Actor, query: Query): Promise<FsSearchDto> {
      assertPermission(actor, Permission.MOUNT_VIEW);
      const q = query.q.trim();
      if ([...q].length < SEARCH_QUERY_MIN)
        throw invalidField('q', msg('search.queryTooShort', { min: SEARCH_QUERY_MIN }));
      const mounts = (await deps.vfs.mountsFor(actor)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      const { root, only } = await rootOf(actor, query, mounts);
      let filters: MountFilter[] = [];
      if (root !== null) {
        // The one rule of the mount tree decides: a root outside the key's base path is refused.
        authorize(actor, root, 'search');
        filters = filtersFor(mounts, only ? [only] : mounts, root);
      }
      const byId = new Map(mounts.map((m) => [m.id, m]));
      const searched = filters.map((f) => byId.get(f.mountId)!);
      const mountsIndexing = await keepFresh(searched);
      const { rows, total } = await repo.search(filters, q.toLowerCase(), query.limit, query.offset);
      const names = rows.length > 0 ? await deps.mountNames(actor) : new Map<string, string>();
      return {
        results: rows.map((row) => present(row, byId.get(row.mount_id)!, names)),
        total,
        hasMore: query.offset + rows.length < total,
        searchParams: {
          query: q,
          scope: query.scope,
          mountId: query.mount_id ?? null,
          path: query.path ?? null,
          limit: query.limit,
          offset: query.offset,
        },
        mountsSearched: searched.map((m) => m.id),
        mountsIndexing,
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
