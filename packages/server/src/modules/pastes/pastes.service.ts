import {
  Permission,
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
import type { Actor } from '../../lib/auth/actor.js';
import { iso } from '../../lib/clock.js';
import { storedExpiry } from '../shares/share-expiry.js';
import { shareManager, type ShareManagerDeps, type SharePage } from '../shares/share-manager.js';
import { creatorOf, withSlug } from '../shares/share-rules.js';
import { presentCreated, presentDetail, presentListItem } from './pastes.presenter.js';
import { pastesRepository, type PasteRow } from './pastes.repository.js';
import { pasteExpiry } from './pastes.rules.js';

/** The share rules' ports (clock, ids, crypto) and the pastes table. */
export interface PastesDeps extends ShareManagerDeps {
  db: Kysely<Database>;
  /** Views of unlimited pastes not yet written; flushed before the management views read or change counts. */
  tally: ViewTally;
}

/**
 * Creating and managing pastes (admins: all of them; keys with TEXT: their own), and the sweep: the share
 * rules (modules/shares/) over the pastes table, plus a paste's own column, its content.
 */
export function createPastesService(deps: PastesDeps) {
  const repo = pastesRepository(deps.db);
  const { clock, ids, crypto } = deps;
  const shares = shareManager(
    {
      resource: 'paste',
      permission: Permission.TEXT,
      managePermission: Permission.TEXT_MANAGE,
      store: repo,
      beforeRead: () => deps.tally.flush(),
    },
    deps,
  );

  return {
    /** Creates a paste; the slug is the custom one (409 when taken) or a random one. */
    async create(actor: Actor, body: z.output<typeof PasteCreateBody>): Promise<PasteDto> {
      const owner = shares.authorize(actor);
      const now = clock.now();
      const row: PasteRow = {
        id: ids.uuid(),
        slug: '',
        content: body.content,
        remark: body.remark ?? null,
        password_hash: body.password === undefined ? null : await crypto.passwords.hash(body.password),
        password_version: 0,
        expires_at: storedExpiry(pasteExpiry(body), now) ?? null,
        max_views: body.maxViews ?? 0,
        views: 0,
        is_public: body.is_public === false ? 0 : 1,
        title: body.title ?? null,
        created_by: creatorOf(owner),
        created_at: iso(now),
        updated_at: iso(now),
      };
      row.slug = await withSlug(ids, body.slug, (slug) => repo.insert({ ...row, slug }));
      return presentCreated(row, owner);
    },

    /** One page of the pastes the actor may manage, newest first, optionally searched. */
    async list(actor: Actor, query: z.output<typeof PasteListQuery>): Promise<SharePage<PasteListItemDto>> {
      const page = await shares.list(actor, query);
      return { ...page, items: page.items.map(presentListItem) };
    },

    /** The whole paste (never its password); 404 when unknown or not the actor's. */
    async get(actor: Actor, idOrSlug: string): Promise<PasteDetailDto> {
      return presentDetail(await shares.requireOwned(actor, idOrSlug));
    },

    /** Applies the given changes; expired or used-up pastes may be edited back to life. */
    async update(actor: Actor, idOrSlug: string, body: z.output<typeof PasteUpdateBody>): Promise<PasteDetailDto> {
      const edit = {
        remark: body.remark,
        expiry: pasteExpiry(body),
        maxViews: body.maxViews === undefined ? undefined : (body.maxViews ?? 0),
        password: body.password,
        clearPassword: body.clearPassword,
        slug: body.newSlug,
      };
      const own = body.content === undefined ? {} : { content: body.content };
      return presentDetail(await shares.update(actor, idOrSlug, edit, own));
    },

    /** Deletes the listed pastes the actor may manage; others' ids are skipped. Returns the count. */
    async removeMany(actor: Actor, pasteIds: string[]): Promise<number> {
      return repo.deleteMany([...new Set(pasteIds)], shares.scope(actor));
    },

    /** Deletes expired and used-up pastes: all for admins, its own for a key. Returns the count. */
    async clearExpired(actor: Actor): Promise<number> {
      return repo.deleteDead(iso(clock.now()), shares.scope(actor));
    },

    /** The background purge of expired and used-up pastes (reads leave them for this). Returns the count. */
    async sweep(): Promise<number> {
      return repo.deleteDead(iso(clock.now()), undefined);
    },
  };
}
export type PastesService = ReturnType<typeof createPastesService>;
