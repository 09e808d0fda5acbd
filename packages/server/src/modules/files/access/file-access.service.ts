import {
  FILE_ACCESS_TOKEN_TTL_MS,
  isMixedContent,
  settingAsList,
  type FilePublicDto,
  type OfficePreviewDto,
} from '@driftbox/contract';
import type { Readable } from 'node:stream';
import { isLive } from '../../../db/view-limits.js';
import { absoluteUrl } from '../../../http/origin.js';
import { iso, type Clock } from '../../../lib/clock.js';
import type { AppCrypto } from '../../../lib/crypto/crypto.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import { msg } from '../../../lib/i18n/catalogue.js';
import { isPubliclyReachable, type SsrfPolicy } from '../../../lib/net/ssrf.js';
import { parseRangeHeader, resolveRange, type ByteRange } from '../../../storage/range.js';
import { passwordRules, type RateLimitService } from '../../rate-limits/rate-limits.service.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { isExpired } from '../../shares/share-expiry.js';
import { goneReason, shareGone } from '../../shares/share-gone.js';
import { shareTokens } from '../../shares/share-tokens.js';
import { presentLocked, presentPublic, type IssuedToken } from '../files.presenter.js';
import type { FileRow, FilesRepository } from '../files.repository.js';
import { extensionOf, FILE_GONE } from '../files.rules.js';
import type { FileStorage } from '../files.storage.js';
import { fileDelivery } from './file-delivery.js';

/**
 * Share password checks (ARCHITECTURE §5, before hashing): 20 wrong passwords per client and 50 per
 * share from anywhere per 15 minutes, after which only clients without failures may still try (the
 * reader with the right password is never locked out); right ones count only against the hashing budget.
 */
export const FILE_RATE_RULES = passwordRules('file-password', { perClient: 20, perTarget: 50 });

export interface FileAccessDeps {
  repo: FilesRepository;
  clock: Clock;
  crypto: AppCrypto;
  rateLimits: RateLimitService;
  settings: SettingsService;
  storage: FileStorage;
  /** Name resolution for telling whether an Office viewer can reach a link; only tests set it. */
  urlPolicy?: SsrfPolicy | undefined;
}

/** What the view/download routes send: a stream (proxy), a redirect (direct), or headers only. */
export type FileResponse =
  | { kind: 'stream'; status: 200 | 206; headers: Record<string, string>; body: Readable | null }
  | { kind: 'range-error'; headers: Record<string, string> }
  | { kind: 'redirect'; location: string };

/** What a link presents: the access token it carries, or (scripts) the password itself. */
export interface LinkCredentials {
  token: string | undefined;
  password?: string | undefined;
  /** For the password check's rate limit. */
  clientIp: string;
}

export interface OpenRequest extends LinkCredentials {
  slug: string;
  mode: 'view' | 'download';
  range: string | undefined;
  /** The `If-Range` header: the range is served only while it still names the stored object. */
  ifRange?: string | undefined;
  headOnly: boolean;
  /** The origin the client reached the server at: an https page cannot follow a plain-http direct link. */
  origin: string;
}

/**
 * Public access to file shares by slug. Views are counted by the shared rule of db/view-limits.ts (one
 * atomic statement; the view reaching the limit still works, later ones 410). A counted view or a
 * password check issues a short-lived token bound to the password version; view/download links carry
 * it, so passwords never appear in URLs and the last allowed view can still download. Links without a
 * token count a view themselves when the share has a view limit — no path bypasses the limit.
 */
export function createFileAccessService(deps: FileAccessDeps) {
  const tokens = shareTokens(deps.crypto.mac, 'file-access', FILE_ACCESS_TOKEN_TTL_MS);
  const { repo, clock, crypto, rateLimits, storage } = deps;
  const { stream, directUrl } = fileDelivery({ clock, storage });

  /** The share a valid token for `slug` opens (and the token's expiry), or undefined; expiry still applies. */
  async function byToken(
    slug: string,
    token: string | undefined,
    now: Date,
  ): Promise<{ row: FileRow; access: IssuedToken } | undefined> {
    const claim = token ? tokens.read(token, now) : null;
    if (!token || !claim) return undefined;
    const row = await repo.findActiveBySlug(slug);
    if (!row || row.id !== claim.id || row.password_version !== claim.passwordVersion) return undefined;
    if (isExpired(row, now)) throw shareGone(FILE_GONE, goneReason(row, now));
    return { row, access: { token, expiresAt: claim.expiresAt } };
  }

  /** Why a share could not be counted: 404 unknown, 410 dead; else (protected) the row. */
  async function explain(slug: string, now: Date): Promise<FileRow> {
    const row = await repo.findActiveBySlug(slug);
    if (!row) throw notFound('file');
    if (!isLive(row, now)) throw shareGone(FILE_GONE, goneReason(row, now));
    if (row.password_hash === null) throw shareGone(FILE_GONE, goneReason(row, now));
    return row;
  }

  /**
   * Checks a share's password (rate-limited before hashing) and, when `countView`, counts the view it
   * unlocks; the share after the count. 400 for a share without a password, 401 for a wrong one.
   */
  async function unlock(slug: string, password: string, clientIp: string, countView: boolean): Promise<FileRow> {
    const now = clock.now();
    const row = await repo.findActiveBySlug(slug);
    if (!row) throw notFound('file');
    // A dead share says so first, whether it has a password or not (as pastes do).
    if (!isLive(row, now)) throw shareGone(FILE_GONE, goneReason(row, now));
    if (row.password_hash === null) throw badRequest(msg('files.view.noPassword'));
    const hash = row.password_hash;
    const check = await rateLimits.guardPasswordCheck(FILE_RATE_RULES, clientIp, slug, () =>
      crypto.passwords.check(password, hash),
    );
    if (!check.ok) throw new AppError('WRONG_PASSWORD', { text: msg('files.view.wrongPassword') });
    // A hash imported from the original product is accepted once, then replaced by scrypt.
    if (check.needsRehash)
      await repo.replacePasswordHash(row.id, row.password_hash, await crypto.passwords.hash(password));
    if (!countView) return row;
    const viewed = await repo.countView(
      { kind: 'proven', id: row.id, passwordVersion: row.password_version },
      iso(now),
    );
    if (!viewed) throw shareGone(FILE_GONE);
    return viewed;
  }

  /**
   * The share a link opens: by token; a protected one by its password (a script's `?password=` or
   * `X-Password`, counted like a verify), else 401; a public one as it is (counting a view when limited).
   */
  async function access(
    slug: string,
    credentials: LinkCredentials,
    countView = true,
    refuse?: (row: FileRow) => void,
  ): Promise<FileRow> {
    const now = clock.now();
    const proven = await byToken(slug, credentials.token, now);
    if (proven) {
      refuse?.(proven.row);
      return proven.row;
    }
    const row = await repo.findActiveBySlug(slug);
    if (!row) throw notFound('file');
    // A request the share cannot serve is refused before a password is checked or a view counted.
    if (isLive(row, now)) refuse?.(row);
    if (row.password_hash !== null) {
      if (!isLive(row, now)) throw shareGone(FILE_GONE, goneReason(row, now));
      if (credentials.password !== undefined)
        return unlock(slug, credentials.password, credentials.clientIp, countView);
      throw new AppError('UNAUTHORIZED', { text: msg('files.view.passwordRequired') });
    }
    // A HEAD (link checkers, chat previews) sees whether the share is live without using up a view.
    if ((row.max_views ?? 0) === 0 || !countView) {
      if (!isLive(row, now)) throw shareGone(FILE_GONE, goneReason(row, now));
      return row;
    }
    return (await repo.countView({ kind: 'public', slug }, iso(now))) ?? (await explain(slug, now));
  }

  return {
    /** `GET /api/public/files/{slug}`: counts a view of a public share; a protected one answers locked metadata. */
    async info(slug: string, token: string | undefined, origin: string): Promise<FilePublicDto> {
      const now = clock.now();
      const proven = await byToken(slug, token, now);
      if (proven) return presentPublic(proven.row, origin, proven.access);
      const viewed = await repo.countView({ kind: 'public', slug }, iso(now));
      if (viewed) return presentPublic(viewed, origin, tokens.issue(viewed.id, viewed.password_version, now));
      return presentLocked(await explain(slug, now));
    },

    /** A HEAD of the info or Office route: 404 unknown, 410 expired or used up, else nothing; counts no view. */
    async checkLive(slug: string): Promise<void> {
      const now = clock.now();
      const row = await repo.findActiveBySlug(slug);
      if (!row) throw notFound('file');
      if (!isLive(row, now)) throw shareGone(FILE_GONE, goneReason(row, now));
    },

    /**
     * What `/file/{slug}`'s page may show before its app runs (issue 30): the view link of an image share open to
     * anyone (no password, no view limit, live) that the preview settings show as a picture. Its view link counts
     * no view for such a share; nothing is counted here either.
     */
    async openImagePreview(slug: string): Promise<{ url: string; filename: string } | undefined> {
      const row = await repo.findActiveBySlug(slug);
      if (!row || row.password_hash !== null || (row.max_views ?? 0) !== 0 || !isLive(row, clock.now()))
        return undefined;
      const type = row.mimetype.trim().toLowerCase();
      // Never a picture a browser could run (SVG, XML): the page shows those as source, if at all.
      if (!type.startsWith('image/') || /svg|xml/.test(type) || /^(svgz?|xml)$/.test(extensionOf(row.filename)))
        return undefined;
      const images = settingAsList(await deps.settings.value('preview_image_types'));
      if (!images.includes(extensionOf(row.filename))) return undefined;
      return { url: `/api/file-view/${encodeURIComponent(slug)}`, filename: row.filename };
    },

    /** `POST /api/public/files/{slug}/verify`: checks the password (rate-limited first) and counts the view it unlocks. */
    async verify(slug: string, password: string, clientIp: string, origin: string): Promise<FilePublicDto> {
      const viewed = await unlock(slug, password, clientIp, true);
      return presentPublic(viewed, origin, tokens.issue(viewed.id, viewed.password_version, clock.now()));
    },

    /** `GET /api/file-view|file-download/{slug}`: streamed (proxy mode) or redirected (direct mode). */
    async open(request: OpenRequest): Promise<FileResponse> {
      // A range past the end (a finished download resumed) is refused before a view is used up on it.
      const range = request.ifRange ? null : parseRangeHeader(request.range);
      const refuseRange = (row: FileRow) => {
        if (range && !fitsRange(range, row.size)) throw new RangeRefused(row.size);
      };
      let row: FileRow;
      try {
        row = await access(request.slug, request, !request.headOnly, refuseRange);
      } catch (err) {
        if (err instanceof RangeRefused)
          return { kind: 'range-error', headers: { 'Content-Range': `bytes */${err.size}` } };
        throw err;
      }
      // A HEAD is answered here even in direct mode: a signed link would let it GET the bytes uncounted.
      if (row.use_proxy === 1 || request.headOnly) return stream(row, request);
      const { url } = await directUrl(row, request.mode);
      // Browsers block a plain-http link behind an https site (previews and downloads alike): serve it here.
      if (isMixedContent(request.origin, url)) return stream(row, request);
      return { kind: 'redirect', location: url };
    },

    /** `GET /api/office-preview/{slug}`: a temporary absolute link for the online Office viewers. */
    async officePreview(slug: string, credentials: LinkCredentials, origin: string): Promise<OfficePreviewDto> {
      // Refused before the access is counted: asking for the wrong kind of file must not use up a view.
      const office = settingAsList(await deps.settings.value('preview_office_types'));
      const row = await access(slug, credentials, true, (found) => {
        if (!office.includes(extensionOf(found.filename))) throw badRequest(msg('files.view.noOfficePreview'));
      });
      const { url, expiresIn } = await directUrl(row, 'download');
      const absolute = absoluteUrl(origin, url);
      return {
        url: absolute,
        filename: row.filename,
        mimetype: row.mimetype,
        expires_in: expiresIn,
        is_temporary: true,
        publicly_reachable: await isPubliclyReachable(absolute, deps.urlPolicy),
      };
    },

    /** A token for the share's owner or an admin, so management pages can open protected files. */
    issueFor(row: Pick<FileRow, 'id' | 'password_version'>): { token: string; expiresAt: string } {
      return tokens.issue(row.id, row.password_version, clock.now());
    },
  };
}
export type FileAccessService = ReturnType<typeof createFileAccessService>;

/** Whether `range` selects any byte of an object of `size` bytes. */
function fitsRange(range: ByteRange, size: number): boolean {
  try {
    resolveRange(range, size);
    return true;
  } catch {
    return false;
  }
}

/** A range that selects nothing of the share (answered 416 before anything is counted). */
class RangeRefused extends Error {
  constructor(readonly size: number) {
    super('Range not satisfiable');
  }
}
