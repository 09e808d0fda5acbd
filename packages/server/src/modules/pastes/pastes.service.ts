import {
  Permission,
  type ListPagination,
  type PasteCreateBody,
  type PasteDetailDto,
  type PasteDto,
  type PasteListItemDto,
  type PasteListQuery,
  type PasteUpdateBody,
} from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { ViewTally } from '../../db/view-limits.js';
import type { Actor, AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { assertPermission } from '../../lib/auth/authz.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import { notFound } from '../../lib/errors.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { presentCreated, presentDetail, presentListItem } from './pastes.presenter.js';
import { pastesRepository, type PasteChanges, type PasteDetailRow, type PasteRow } from './pastes.repository.js';
import { creatorOf, resolveExpiry, scopeOf, withSlug } from './pastes.rules.js';

type CreateInput = z.output<typeof PasteCreateBody>;
type UpdateInput = z.output<typeof PasteUpdateBody>;
type ListInput = z.output<typeof PasteListQuery>;

export interface PastesDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  crypto: AppCrypto;
  /** Views of unlimited pastes not yet written; flushed before the management views read or change counts. */
  tally: ViewTally;
}

/** A page of the management list and the original's top-level pagination block. */
export interface PasteListResult {
  items: PasteListItemDto[];
  pagination: ListPagination;
}

function paginationOf(total: number, limit: number, offset: number, count: number): ListPagination {
  return {
    total,
    limit,
    offset,
    hasMore: offset + count < total,
    page: Math.floor(offset / limit) + 1,
    totalPages: Math.ceil(total / limit),
  };
}

/** Creating and managing pastes (admins: all of them; keys with TEXT: their own), and the sweep. */
export function createPastesService(deps: PastesDeps) {
  const repo = pastesRepository(deps.db);
  const { clock, ids, crypto } = deps;

  function assertText(actor: Actor): asserts actor is AdminActor | ApiKeyActor {
    assertPermission(actor, Permission.TEXT);
  }

  /** The paste by id (or slug) if the actor may manage it; 404 otherwise, so others' pastes stay invisible. */
  async function requireOwned(actor: AdminActor | ApiKeyActor, idOrSlug: string): Promise<PasteDetailRow> {
    await deps.tally.flush();
    const row = await repo.findDetail(idOrSlug, scopeOf(actor));
    if (!row) throw notFound('paste');
    return row;
  }

  /** The column changes an update body asks for (slug handled separately), and whether the password changes. */
  async function changesOf(
    row: PasteRow,
    body: UpdateInput,
    now: Date,
  ): Promise<{ changes: PasteChanges; newPassword: boolean }> {
    const changes: PasteChanges = { updated_at: iso(now) };
    if (body.content !== undefined) changes.content = body.content;
    if (body.remark !== undefined) changes.remark = body.remark;
    const expiresAt = resolveExpiry(body, now);
    if (expiresAt !== undefined) changes.expires_at = expiresAt;
    // Views restart only when the limit itself changes (the original reset them on every edit).
    const maxViews = body.maxViews === undefined ? undefined : (body.maxViews ?? 0);
    if (maxViews !== undefined && maxViews !== (row.max_views ?? 0)) {
      changes.max_views = maxViews;
      changes.views = 0;
    }
    const newHash = body.password !== undefined ? await crypto.passwords.hash(body.password) : undefined;
    const newPassword = newHash !== undefined || (body.clearPassword === true && row.password_hash !== null);
    if (newPassword) changes.password_hash = newHash ?? null;
    return { changes, newPassword };
  }

  return {
    /** Creates a paste; the slug is the custom one (409 when taken) or a random one. */
    async create(actor: Actor, body: CreateInput): Promise<PasteDto> {
      assertText(actor);
      const now = clock.now();
      const row: PasteRow = {
        id: ids.uuid(),
        slug: '',
        content: body.content,
        remark: body.remark ?? null,
        password_hash: body.password === undefined ? null : await crypto.passwords.hash(body.password),
        password_version: 0,
        expires_at: resolveExpiry(body, now) ?? null,
        max_views: body.maxViews ?? 0,
        views: 0,
        created_by: creatorOf(actor),
        created_at: iso(now),
        updated_at: iso(now),
      };
      row.slug = await withSlug(ids, body.slug, (slug) => repo.insert({ ...row, slug }));
      return presentCreated(row, actor);
    },

    /** One page of the pastes the actor may manage, newest first, optionally searched. */
    async list(actor: Actor, query: ListInput): Promise<PasteListResult> {
      assertText(actor);
      const offset = query.page === undefined ? query.offset : (query.page - 1) * query.limit;
      // A key sees only its own pastes whatever `created_by` it asks for.
      const createdBy = actor.type === 'admin' ? query.created_by : creatorOf(actor);
      const filter = { createdBy, search: query.search, limit: query.limit, offset };
      await deps.tally.flush();
      const [rows, total] = await Promise.all([repo.list(filter), repo.count(filter)]);
      return { items: rows.map(presentListItem), pagination: paginationOf(total, query.limit, offset, rows.length) };
    },

    /** The whole paste (never its password); 404 when unknown or not the actor's. */
    async get(actor: Actor, idOrSlug: string): Promise<PasteDetailDto> {
      assertText(actor);
      return presentDetail(await requireOwned(actor, idOrSlug));
    },

    /** Applies the given changes; expired or used-up pastes may be edited back to life. */
    async update(actor: Actor, idOrSlug: string, body: UpdateInput): Promise<PasteDetailDto> {
      assertText(actor);
      const row = await requireOwned(actor, idOrSlug);
      const { changes, newPassword } = await changesOf(row, body, clock.now());
      // A new password version invalidates every access token issued for the old password.
      const write = async (slug: string | undefined) => {
        if (!(await repo.update(row.id, slug === undefined ? changes : { ...changes, slug }, newPassword)))
          throw notFound('paste');
      };
      if (body.newSlug === undefined || body.newSlug === row.slug) await write(undefined);
      else await withSlug(ids, body.newSlug === '' ? undefined : body.newSlug, write);
      return presentDetail(await requireOwned(actor, row.id));
    },

    /** Deletes the listed pastes the actor may manage; others' ids are skipped. Returns the count. */
    async removeMany(actor: Actor, pasteIds: string[]): Promise<number> {
      assertText(actor);
      return repo.deleteMany([...new Set(pasteIds)], scopeOf(actor));
    },

    /** Deletes expired and used-up pastes: all for admins, its own for a key. Returns the count. */
    async clearExpired(actor: Actor): Promise<number> {
      assertText(actor);
      return repo.deleteDead(iso(clock.now()), scopeOf(actor));
    },

    /** The background purge of expired and used-up pastes (reads leave them for this). Returns the count. */
    async sweep(): Promise<number> {
      return repo.deleteDead(iso(clock.now()), undefined);
    },
  };
}
export type PastesService = ReturnType<typeof createPastesService>;
