import { z } from 'zod';
import { CONTENT_LIMIT_BYTES, PAGE_SIZE, SEARCH_MIN_CHARS, SHARE_EXPIRY_OPTIONS } from '../constants.js';
import { SlugOrEmpty } from '../slugs.js';
import { DateTimeInput, numberOrNumeric } from './common.js';

/**
 * Text shares (spec §3 "Text share", §7 "Pastes"). Field names follow the original product: camelCase in
 * the create and view calls, snake_case in the management list and detail.
 */

export const PASTE_REMARK_MAX = 500;
export const PASTE_PASSWORD_MAX = 256;
/** Upper bound of `maxViews`; keeps the value inside a 32-bit integer column. */
export const PASTE_MAX_VIEWS_MAX = 1_000_000_000;
export const PASTE_LIST_LIMIT_MAX = 100;
/** Characters of content shown per row in the management list. */
export const PASTE_PREVIEW_CHARS = 200;
/** How long an access token issued after a password check stays valid. */
export const PASTE_ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000;
/** Header (or `?token=`) carrying a paste access token. */
export const PASTE_TOKEN_HEADER = 'X-Paste-Token';
/** Header (or `?password=`) carrying a paste password on the raw link. */
export const PASTE_PASSWORD_HEADER = 'X-Paste-Password';

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

/** UTF-8 size of `text` without encoding it (the 10 MB limit is in bytes, as the server stores it). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte code point.
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Paste text: not blank, at most 10 MB of UTF-8 (spec §5, §9). */
export const PasteContent = z
  .string()
  .refine((v) => /\S/.test(v), 'Content must not be empty')
  .refine((v) => utf8ByteLength(v) <= CONTENT_LIMIT_BYTES, 'Content exceeds 10 MB');

/** A remark; an empty one is stored as none. */
const Remark = z
  .string()
  .trim()
  .max(PASTE_REMARK_MAX)
  .nullish()
  .transform((v) => (v === '' ? null : v));

/** An absolute expiry (the original's `expiresAt`); null = never. The server requires it in the future. */
const AbsoluteExpiry = DateTimeInput.nullable();

/** Maximum views; 0 or null = unlimited (spec §5: not negative). */
const MaxViews = numberOrNumeric(z.number().int().min(0).max(PASTE_MAX_VIEWS_MAX).nullable());

/** A new password; an empty one means "none" (create) or "unchanged" (update). Never trimmed. */
const NewPassword = z
  .string()
  .max(PASTE_PASSWORD_MAX)
  .nullish()
  .transform((v) => (v ? v : undefined));

function oneExpiry(body: { expiry?: unknown; expiresAt?: unknown }, ctx: z.RefinementCtx): void {
  if (body.expiry !== undefined && body.expiresAt !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Give either expiry or expiresAt, not both' });
  }
}

/**
 * `POST /api/paste`. Expiry is a preset (`expiry`, what the UI offers) or an absolute `expiresAt`
 * (what clients of the original send); neither = never. Without a slug a random one is generated.
 */
export const PasteCreateBody = z
  .object({
    content: PasteContent,
    slug: SlugOrEmpty.nullish().transform((v) => (v ? v : undefined)),
    remark: Remark,
    password: NewPassword,
    expiry: ShareExpiry.optional(),
    expiresAt: AbsoluteExpiry.optional(),
    maxViews: MaxViews.optional(),
  })
  .superRefine(oneExpiry);
export type PasteCreateBody = z.input<typeof PasteCreateBody>;

/**
 * `PUT /api/pastes/{id}`: any subset. `newSlug: ''` asks for a new random slug; `clearPassword` removes
 * the password; views restart only when `maxViews` changes.
 */
export const PasteUpdateBody = z
  .object({
    content: PasteContent.optional(),
    remark: Remark,
    expiry: ShareExpiry.optional(),
    expiresAt: AbsoluteExpiry.optional(),
    maxViews: MaxViews.optional(),
    password: NewPassword,
    clearPassword: z.boolean().optional(),
    // null (as the original's clients send for "unchanged") keeps the slug.
    newSlug: SlugOrEmpty.nullish().transform((v) => v ?? undefined),
  })
  .superRefine((body, ctx) => {
    oneExpiry(body, ctx);
    if (body.password !== undefined && body.clearPassword === true) {
      ctx.addIssue({ code: 'custom', path: ['clearPassword'], message: 'Set a new password or clear it, not both' });
    }
    if (Object.values(body).every((v) => v === undefined || v === false)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Nothing to update' });
    }
  });
export type PasteUpdateBody = z.input<typeof PasteUpdateBody>;

/** `POST /api/paste/{slug}`. */
export const PastePasswordBody = z.object({ password: z.string().min(1).max(PASTE_PASSWORD_MAX) });
export type PastePasswordBody = z.infer<typeof PastePasswordBody>;

/** `GET /api/pastes`: `page` (1-based) wins over `offset`; `search` needs at least 2 characters. */
export const PasteListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(PASTE_LIST_LIMIT_MAX).default(PAGE_SIZE.pastes),
  offset: z.coerce.number().int().min(0).default(0),
  search: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(SEARCH_MIN_CHARS, `Search needs at least ${SEARCH_MIN_CHARS} characters`).optional()),
  /** Admins only: the creator (`<admin id>` or `apikey:<key id>`). */
  created_by: z.string().trim().min(1).max(200).optional(),
});
export type PasteListQuery = z.input<typeof PasteListQuery>;

/** `data` of `POST /api/paste` (the original's field names). */
export const PasteDto = z.object({
  id: z.string(),
  slug: z.string(),
  remark: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** 0 = unlimited. */
  maxViews: z.number(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  authorizedBy: z.enum(['admin', 'apikey']),
});
export type PasteDto = z.infer<typeof PasteDto>;

const PasteMeta = z.object({
  slug: z.string(),
  remark: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxViews: z.number(),
  views: z.number(),
  createdAt: z.string(),
});

/** `GET /api/paste/{slug}` of a password-protected paste without a valid token: no content, no view counted. */
export const PasteLockedDto = PasteMeta.extend({ hasPassword: z.literal(true), requiresPassword: z.literal(true) });
export type PasteLockedDto = z.infer<typeof PasteLockedDto>;

/** A counted view: the content; `isLastView` when this view used up the last allowed one. */
export const PasteViewDto = PasteMeta.extend({
  content: z.string(),
  updatedAt: z.string(),
  hasPassword: z.boolean(),
  requiresPassword: z.literal(false),
  isLastView: z.boolean(),
});
export type PasteViewDto = z.infer<typeof PasteViewDto>;

/** `POST /api/paste/{slug}` with the right password: the view plus a token for later reads. */
export const PasteUnlockedDto = PasteViewDto.extend({ accessToken: z.string(), accessTokenExpiresAt: z.string() });
export type PasteUnlockedDto = z.infer<typeof PasteUnlockedDto>;

/** One row of `GET /api/pastes`. */
export const PasteListItemDto = z.object({
  id: z.string(),
  slug: z.string(),
  remark: z.string().nullable(),
  has_password: z.boolean(),
  expires_at: z.string().nullable(),
  max_views: z.number(),
  view_count: z.number(),
  created_by: z.string(),
  /** Name of the creating API key; null for admin-created pastes or deleted keys. */
  key_name: z.string().nullable(),
  /** The first 200 characters, with "..." when cut. */
  content_preview: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PasteListItemDto = z.infer<typeof PasteListItemDto>;

/** `GET`/`PUT /api/pastes/{id}`: the whole paste; never the password. */
export const PasteDetailDto = PasteListItemDto.omit({ content_preview: true }).extend({ content: z.string() });
export type PasteDetailDto = z.infer<typeof PasteDetailDto>;

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
