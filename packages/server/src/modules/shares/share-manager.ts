import type { ListPagination } from '@driftbox/contract';
import type { ViewLimited } from '../../db/view-limits.js';
import type { Actor, AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { assertPermission, type PermissionRequirement } from '../../lib/auth/authz.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { notFound } from '../../lib/errors.js';
import type { Resource } from '../../lib/i18n/messages.js';
import { storedExpiry, type ExpiryRequest } from './share-expiry.js';
import { creatorOf, scopeOf, writeWithSlug } from './share-rules.js';

/**
 * Managing shares of any kind (pastes, file shares, later shares of mount objects): who may manage
 * which, the management list, and edits of what every share has (remark, expiry, view limit, password,
 * slug). A kind supplies its store and permission, and adds the columns only it has to an edit.
 */

/** The columns every kind of share has. */
export interface ShareRow extends ViewLimited {
  id: string;
  slug: string;
  remark: string | null;
  password_hash: string | null;
  password_version: number;
  created_by: string;
}

/** The share columns an edit may set; each kind adds its own (a paste's content, a file's use_proxy). */
export interface ShareChanges {
  updated_at: string;
  remark?: string | null;
  expires_at?: string | null;
  max_views?: number;
  views?: number;
  password_hash?: string | null;
  slug?: string;
}

/** What an edit asks of the share rules, whatever its wire names; an absent field stays as it is. */
export interface ShareEdit {
  remark?: string | null;
  expiry?: ExpiryRequest;
  /** The view limit, 0 = unlimited. Views restart only when it differs from the current one. */
  maxViews?: number;
  /** A new password (not empty). */
  password?: string;
  /** Removes the password; a new `password` wins. */
  clearPassword?: boolean;
  /** Another slug: a custom one, or `''` for a new random one. */
  slug?: string;
}

/** Filter of a management list; `createdBy` undefined = every creator (admins). */
export interface ShareListFilter {
  createdBy: string | undefined;
  search: string | undefined;
  limit: number;
  offset: number;
}

/** A management list query as the contract's `shareListFields` parse it; `page` (1-based) wins over `offset`. */
export interface ShareListQuery {
  page?: number;
  limit: number;
  offset: number;
  search?: string;
  created_by?: string;
}

/** What the management rules need of a kind's repository. */
export interface ShareStore<Detail extends ShareRow, Item, Own> {
  /** The share with id `idOrSlug`, else with that slug; only `createdBy`'s when given. */
  findDetail(idOrSlug: string, createdBy: string | undefined): Promise<Detail | undefined>;
  /** One page of the list, newest first. */
  list(filter: ShareListFilter): Promise<Item[]>;
  /** How many shares match the filter. */
  count(filter: ShareListFilter): Promise<number>;
  /** Applies changes; false when the row is gone. `bumpPasswordVersion` increments the version in the same statement. */
  update(id: string, changes: ShareChanges & Own, bumpPasswordVersion: boolean): Promise<boolean>;
}

/** One kind of share as the management rules see it. */
export interface ShareKind<Detail extends ShareRow, Item, Own> {
  /** What a missing one is called in the 404. */
  resource: Resource;
  /** What an API key needs to create shares of this kind. */
  permission: PermissionRequirement;
  /** What an API key needs to list, edit and delete its own shares of this kind. */
  managePermission: PermissionRequirement;
  store: ShareStore<Detail, Item, Own>;
  /** Runs before stored view counts are read (pastes write their tallied views first). */
  beforeRead?: () => Promise<void>;
}

/** A page of a management list with the original's top-level pagination block. */
export interface SharePage<Item> {
  items: Item[];
  pagination: ListPagination;
}

/** The ports the management rules use: the clock, random slugs, and the password hasher. */
export interface ShareManagerDeps {
  clock: Clock;
  ids: Ids;
  crypto: AppCrypto;
}

/** The original's top-level pagination block of a page of `count` rows at `offset`. */
export function paginationOf(total: number, limit: number, offset: number, count: number): ListPagination {
  return {
    total,
    limit,
    offset,
    hasMore: offset + count < total,
    page: Math.floor(offset / limit) + 1,
    totalPages: Math.ceil(total / limit),
  };
}

/** The management rules of one kind of share: admins manage all of them, a key with the kind's bit its own. */
export function shareManager<Detail extends ShareRow, Item, Own>(
  kind: ShareKind<Detail, Item, Own>,
  deps: ShareManagerDeps,
) {
  const { store } = kind;
  const { clock, ids, crypto } = deps;

  /** The actor as one who may create this kind: 401 anonymous, 403 a key without the bit. */
  function authorize(actor: Actor): AdminActor | ApiKeyActor {
    assertPermission(actor, kind.permission);
    return actor;
  }

  /** The actor as one who may manage this kind: 401 anonymous, 403 a key without the manage bit. */
  function authorizeManage(actor: Actor): AdminActor | ApiKeyActor {
    assertPermission(actor, kind.managePermission);
    return actor;
  }

  /** The share by id (or slug) if the actor may manage it; 404 otherwise, so others' shares stay invisible. */
  async function requireOwned(actor: Actor, idOrSlug: string): Promise<Detail> {
    const scope = scopeOf(authorizeManage(actor));
    await kind.beforeRead?.();
    const row = await store.findDetail(idOrSlug, scope);
    if (!row) throw notFound(kind.resource);
    return row;
  }

  /** The share columns an edit sets, and whether the password changes (which bumps its version). */
  async function changesOf(
    row: Detail,
    edit: ShareEdit,
    now: Date,
  ): Promise<{ changes: ShareChanges; newPassword: boolean }> {
    const changes: ShareChanges = { updated_at: iso(now) };
    if (edit.remark !== undefined) changes.remark = edit.remark;
    const expiresAt = storedExpiry(edit.expiry, now);
    if (expiresAt !== undefined) changes.expires_at = expiresAt;
    // Views restart only when the limit itself changes (the original reset paste views on every edit).
    if (edit.maxViews !== undefined && edit.maxViews !== (row.max_views ?? 0)) {
      changes.max_views = edit.maxViews;
      changes.views = 0;
    }
    const newHash = edit.password ? await crypto.passwords.hash(edit.password) : undefined;
    const newPassword = newHash !== undefined || (edit.clearPassword === true && row.password_hash !== null);
    if (newPassword) changes.password_hash = newHash ?? null;
    return { changes, newPassword };
  }

  return {
    authorize,

    /** Which creator's shares the actor may manage: every one (undefined) for admins, its own for a key. */
    scope: (actor: Actor): string | undefined => scopeOf(authorizeManage(actor)),

    requireOwned,

    /** One page of the shares the actor may manage, newest first, optionally searched; a key sees only its own. */
    async list(actor: Actor, query: ShareListQuery): Promise<SharePage<Item>> {
      const manager = authorizeManage(actor);
      const offset = query.page === undefined ? query.offset : (query.page - 1) * query.limit;
      const createdBy = manager.type === 'admin' ? query.created_by : creatorOf(manager);
      const filter = { createdBy, search: query.search, limit: query.limit, offset };
      await kind.beforeRead?.();
      const [rows, total] = await Promise.all([store.list(filter), store.count(filter)]);
      return { items: rows, pagination: paginationOf(total, query.limit, offset, rows.length) };
    },

    /**
     * Applies an edit (plus the kind's own columns) to a share the actor may manage; a new or cleared
     * password bumps the version, which invalidates every access token issued for the old one. Expired or
     * used-up shares may be edited back to life. Returns the share as it is after the edit.
     */
    async update(actor: Actor, idOrSlug: string, edit: ShareEdit, own: Own): Promise<Detail> {
      const row = await requireOwned(actor, idOrSlug);
      const { changes, newPassword } = await changesOf(row, edit, clock.now());
      const all = { ...own, ...changes };
      await writeWithSlug(ids, row.slug, edit.slug, async (slug) => {
        if (!(await store.update(row.id, slug === undefined ? all : { ...all, slug }, newPassword)))
          throw notFound(kind.resource);
      });
      return requireOwned(actor, row.id);
    },
  };
}
export type ShareManager<Detail extends ShareRow, Item, Own> = ReturnType<typeof shareManager<Detail, Item, Own>>;
