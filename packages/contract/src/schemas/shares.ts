import { z } from 'zod';
import { SEARCH_MIN_CHARS, SHARE_EXPIRY_OPTIONS } from '../constants.js';
import { SlugOrEmpty } from '../slugs.js';

/**
 * What every kind of share has in common (pastes, file shares, and later shares of mount objects): the
 * limits of its options, the fields whose wire form is the same for every kind, why a share answers 410,
 * and the management list's query and pagination. Each kind's schemas (pastes.ts, files.ts) build on these.
 */

export const SHARE_REMARK_MAX = 500;
export const SHARE_PASSWORD_MAX = 256;

/** The share expiry presets the UI offers (spec §9). */
export const ShareExpiry = z.enum(SHARE_EXPIRY_OPTIONS);
export type ShareExpiry = z.infer<typeof ShareExpiry>;

/** Lifetime of each preset in milliseconds; `null` = never expires. A month is 30 days. */
export const SHARE_EXPIRY_MS: Record<ShareExpiry, number | null> = {
  hour: 60 * 60 * 1000,
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
  never: null,
};

/**
 * Why a share answered 410, when the server can tell: sent as the error detail at path `reason`
 * (`details: [{ path: 'reason', message: 'expired' }]`), so clients need not read the message's wording.
 */
export const SHARE_GONE_REASONS = ['expired', 'used_up'] as const;
export type ShareGoneReason = (typeof SHARE_GONE_REASONS)[number];
export const SHARE_GONE_REASON_PATH = 'reason';

/**
 * UTF-8 size of `text` without encoding it (the contract runs where TextEncoder is not typed): the 10 MB
 * paste limit and folder-name limits are in bytes, as the server and the disk count them. A lone
 * surrogate counts as the 3 bytes of the replacement character it is encoded as.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      // A surrogate pair is one 4-byte code point.
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** A remark as a paste or an edit sets it: trimmed; `''` or null = none (null); absent = unchanged. */
export const ShareRemark = z
  .string()
  .trim()
  .max(SHARE_REMARK_MAX)
  .nullish()
  .transform((v) => (v === '' ? null : v));

/** A password to set: `''` or null = none (undefined). Never trimmed. */
export const NewSharePassword = z
  .string()
  .max(SHARE_PASSWORD_MAX)
  .nullish()
  .transform((v) => (v ? v : undefined));

/** The custom slug of a new share; `''` or null = a random one (undefined). */
export const NewShareSlug = SlugOrEmpty.nullish().transform((v) => (v ? v : undefined));

/** The body of a password check (`POST /api/paste/{slug}`, `POST /api/public/files/{slug}/verify`). */
export const SharePasswordBody = z.object({ password: z.string().min(1).max(SHARE_PASSWORD_MAX) });
export type SharePasswordBody = z.infer<typeof SharePasswordBody>;

/** Top-level `pagination` of list responses (the original's shape, beside `data`). */
export const ListPagination = z.object({
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  hasMore: z.boolean(),
  page: z.number(),
  totalPages: z.number(),
});
export type ListPagination = z.infer<typeof ListPagination>;

/** The bounds of one kind's management list. */
export interface ShareListLimits {
  /** The largest page a client may ask for. */
  limitMax: number;
  /** The page size when none is asked for. */
  defaultLimit: number;
  /** The longest search term; none = no bound. */
  searchMax?: number;
}

/**
 * The query fields of a management list (`GET /api/pastes`, `GET /api/files`): page size and offset,
 * a search of at least SEARCH_MIN_CHARS characters (empty = none), and the creator to list (admins only).
 */
export function shareListFields({ limitMax, defaultLimit, searchMax }: ShareListLimits) {
  const term = z.string().min(SEARCH_MIN_CHARS, `Search needs at least ${SEARCH_MIN_CHARS} characters`);
  return {
    limit: z.coerce.number().int().min(1).max(limitMax).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
    search: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe((searchMax === undefined ? term : term.max(searchMax)).optional()),
    /** Admins only: the creator (`<admin id>` or `apikey:<key id>`). */
    created_by: z.string().trim().min(1).max(200).optional(),
  };
}

/** What every row of a management list (`GET /api/pastes`, `GET /api/files`) shows of its share. */
export const ShareRowFields = {
  id: z.string(),
  slug: z.string(),
  remark: z.string().nullable(),
  has_password: z.boolean(),
  expires_at: z.string().nullable(),
  /** 0 = unlimited. */
  max_views: z.number(),
  created_by: z.string(),
  /** Name of the creating API key; null for shares an admin created or whose key is deleted. */
  key_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};
