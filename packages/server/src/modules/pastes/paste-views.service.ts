import type { PasteLockedDto, PasteUnlockedDto, PasteViewDto } from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../lib/auth/actor.js';
import type { ViewTally } from '../../db/view-limits.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { passwordRules, type RateLimitService } from '../rate-limits/rate-limits.service.js';
import { shareGone } from '../shares/share-gone.js';
import { presentLocked, presentView } from './pastes.presenter.js';
import { pastesRepository, type PasteMeta, type PasteRow } from './pastes.repository.js';
import { isLive, PASTE_GONE } from './pastes.rules.js';
import { pasteTokens } from './pastes.tokens.js';

/**
 * Paste password checks (ARCHITECTURE §5, before hashing): 20 wrong passwords per client and 50 per
 * paste from anywhere per 15 minutes, after which only clients without failures may still try (the
 * reader with the right password is never locked out); right ones count only against the hashing budget.
 */
export const PASTE_RATE_RULES = passwordRules('paste-password', { perClient: 20, perTarget: 50 });

export interface PasteViewsDeps {
  db: Kysely<Database>;
  clock: Clock;
  crypto: AppCrypto;
  rateLimits: RateLimitService;
  /** Where views of unlimited pastes are counted (shared with the management service, which flushes it). */
  tally: ViewTally;
}

/** How much of a paste's text its page carries before the app runs: a few screens, never a 10 MB body. */
export const PASTE_PREVIEW_MAX_CHARS = 20_000;

/** The first view of an open paste (see `openPreview`). */
export interface PastePreview {
  title: string | null;
  text: string;
  /** The text goes on past `text`. */
  cut: boolean;
}

/** What a reader of the raw link presents: nothing, an access token, or the password. */
export interface RawCredentials {
  token: string | undefined;
  password: string | undefined;
}

/**
 * Reading pastes, for anyone holding the link. Every successful read counts one view in a single
 * conditional UPDATE (no read-modify-write), so the view that reaches max_views still gets the content
 * and no later one does. Used-up rows stay (answering 410) until the sweep purges them.
 */
export function createPasteViewsService(deps: PasteViewsDeps) {
  const repo = pastesRepository(deps.db);
  const tokens = pasteTokens(deps.crypto.mac);
  const { clock, crypto, rateLimits } = deps;

  /** Counts a view through a presented token, or undefined when it proves nothing for this slug. */
  async function viewWithToken(slug: string, token: string | undefined, now: Date): Promise<PasteRow | undefined> {
    const claim = token ? tokens.read(token, now) : null;
    if (!claim) return undefined;
    return repo.countView(
      { kind: 'proven', id: claim.pasteId, passwordVersion: claim.passwordVersion, slug },
      iso(now),
      deps.tally,
    );
  }

  /** A private paste (is_public 0) exists only for its creator and the admin; 404 for everyone else. */
  function visible(meta: PasteMeta | undefined, reader: Actor): meta is PasteMeta {
    if (!meta) return false;
    if (meta.is_public === 1 || reader.type === 'admin') return true;
    return reader.type === 'apikey' && meta.created_by === `apikey:${reader.id}`;
  }

  /** The current state of a paste that could not be counted: 404, 410, or locked metadata. */
  async function explain(slug: string, now: Date, reader: Actor): Promise<PasteMeta | PasteRow> {
    const meta = await repo.findMetaBySlug(slug);
    if (!visible(meta, reader)) throw notFound('paste');
    if (meta.is_public === 0 && isLive(meta, now)) {
      // Its creator or the admin: counted like any read, without a password.
      const owned = await repo.countView({ kind: 'owned', id: meta.id }, iso(now), deps.tally);
      if (owned) return owned;
    }
    if (!isLive(meta, now)) throw shareGone(PASTE_GONE);
    // Public, live, yet not counted: it died between the two statements.
    if (meta.password_hash === null) throw shareGone(PASTE_GONE);
    return { ...meta, views: meta.views + deps.tally.pending(meta.id) };
  }

  /** Checks a password (rate-limited before hashing) and counts the view it unlocks. */
  async function unlockMeta(meta: PasteMeta, password: string, clientIp: string, now: Date): Promise<PasteRow> {
    if (meta.password_hash === null) throw badRequest(msg('pastes.view.noPassword'));
    const hash = meta.password_hash;
    const check = await rateLimits.guardPasswordCheck(PASTE_RATE_RULES, clientIp, meta.slug, () =>
      crypto.passwords.check(password, hash),
    );
    if (!check.ok) throw new AppError('WRONG_PASSWORD', { text: msg('pastes.view.wrongPassword') });
    // A hash imported from the original product is accepted once, then replaced by scrypt.
    if (check.needsRehash)
      await repo.replacePasswordHash(meta.id, meta.password_hash, await crypto.passwords.hash(password));
    // Bound to the version just verified: a password changed meanwhile does not let this view through.
    const viewed = await repo.countView(
      { kind: 'proven', id: meta.id, passwordVersion: meta.password_version },
      iso(now),
      deps.tally,
    );
    if (!viewed) throw shareGone(PASTE_GONE);
    return viewed;
  }

  /**
   * A public paste, or a protected one with a valid token: counted, with content. Without a token a
   * protected paste answers its metadata and counts nothing. 404 unknown, 410 expired or used up.
   * The common cases cost one statement.
   */
  async function read(slug: string, token: string | undefined, reader: Actor): Promise<PasteRow | PasteMeta> {
    const now = clock.now();
    const viewed =
      (await viewWithToken(slug, token, now)) ?? (await repo.countView({ kind: 'public', slug }, iso(now), deps.tally));
    return viewed ?? explain(slug, now, reader);
  }

  const isViewed = (row: PasteRow | PasteMeta): row is PasteRow => 'content' in row;

  return {
    /** `GET /api/paste/{slug}`: the content (a counted view) or, for a locked paste, its metadata. */
    async view(slug: string, token: string | undefined, reader: Actor): Promise<PasteViewDto | PasteLockedDto> {
      const row = await read(slug, token, reader);
      return isViewed(row) ? presentView(row) : presentLocked(row);
    },

    /** A HEAD of a paste's links: 404 unknown, 410 expired or used up, else nothing; counts no view. */
    async checkLive(slug: string, reader: Actor): Promise<void> {
      const meta = await repo.findMetaBySlug(slug);
      if (!visible(meta, reader)) throw notFound('paste');
      if (!isLive(meta, clock.now())) throw shareGone(PASTE_GONE);
    },

    /**
     * What the page of `/paste/{slug}` may show before its app runs (issue 30: the first paint): the head of the text
     * and the title of a paste open to anyone — public, no password, no view limit, live. Counts no view (link
     * previewers fetch pages too); a paste with a password or a view limit gives nothing.
     */
    async openPreview(slug: string): Promise<PastePreview | undefined> {
      const meta = await repo.findMetaBySlug(slug);
      const open = meta?.is_public === 1 && meta.password_hash === null && !(Number(meta.max_views) > 0);
      if (!open || !isLive(meta, clock.now())) return undefined;
      const row = await repo.findHead(meta.id, PASTE_PREVIEW_MAX_CHARS);
      if (!row) return undefined;
      return { title: meta.title || meta.remark || null, text: row.head, cut: Number(row.length) > row.head.length };
    },

    /** `POST /api/paste/{slug}`: checks the password, counts a view, and issues an access token. */
    async unlock(slug: string, password: string, clientIp: string, reader: Actor): Promise<PasteUnlockedDto> {
      const now = clock.now();
      const meta = await repo.findMetaBySlug(slug);
      if (!visible(meta, reader)) throw notFound('paste');
      if (!isLive(meta, now)) throw shareGone(PASTE_GONE);
      const viewed = await unlockMeta(meta, password, clientIp, now);
      const access = tokens.issue(viewed.id, meta.password_version, now);
      return { ...presentView(viewed), accessToken: access.token, accessTokenExpiresAt: access.expiresAt };
    },

    /** `GET /api/raw/{slug}`: the text of a counted view; a locked paste needs a token or the password (401). */
    async raw(slug: string, credentials: RawCredentials, clientIp: string, reader: Actor): Promise<string> {
      const row = await read(slug, credentials.token, reader);
      if (isViewed(row)) return row.content;
      if (credentials.password === undefined)
        throw new AppError('UNAUTHORIZED', { text: msg('pastes.view.passwordRequired') });
      return (await unlockMeta(row, credentials.password, clientIp, clock.now())).content;
    },
  };
}
export type PasteViewsService = ReturnType<typeof createPasteViewsService>;
