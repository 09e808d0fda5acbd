import { z } from 'zod';
import { CONTENT_LIMIT_BYTES, PAGE_SIZE, SHARE_MAX_VIEWS_MAX } from '../constants.js';
import { SlugOrEmpty } from '../slugs.js';
import { DateTimeInput, numberOrNumeric } from './common.js';
import {
  NewSharePassword,
  NewShareSlug,
  SharePasswordBody,
  ShareExpiry,
  ShareRemark,
  ShareRowFields,
  shareListFields,
  utf8ByteLength,
} from './shares.js';

/**
 * Text shares (spec §3 "Text share", §7 "Pastes"). Field names follow the original product: camelCase in
 * the create and view calls, snake_case in the management list and detail.
 */

export const PASTE_LIST_LIMIT_MAX = 100;
/** Characters of content shown per row in the management list. */
export const PASTE_PREVIEW_CHARS = 200;
/** How long an access token issued after a password check stays valid. */
export const PASTE_ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000;
/** Header (or `?password=`) carrying a paste password on the raw link. */
export const PASTE_PASSWORD_HEADER = 'X-Paste-Password';

/** Paste text: not blank, at most 10 MB of UTF-8 (spec §5, §9). */
export const PasteContent = z
  .string()
  .refine((v) => /\S/.test(v), 'Content must not be empty')
  .refine((v) => utf8ByteLength(v) <= CONTENT_LIMIT_BYTES, 'Content exceeds 10 MB');

/** An absolute expiry (the original's `expiresAt`); null = never. The server requires it in the future. */
const AbsoluteExpiry = DateTimeInput.nullable();

/** Maximum views; 0 or null = unlimited (spec §5: not negative). */
const MaxViews = numberOrNumeric(z.number().int().min(0).max(SHARE_MAX_VIEWS_MAX).nullable());

function oneExpiry(body: { expiry?: unknown; expiresAt?: unknown }, ctx: z.RefinementCtx): void {
  if (body.expiry !== undefined && body.expiresAt !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Give either expiry or expiresAt, not both' });
  }
}

export const PASTE_TITLE_MAX = 200;
/** A paste's title; empty or null = none. */
export const PasteTitle = z
  .string()
  .trim()
  .max(PASTE_TITLE_MAX)
  .nullish()
  .transform((v) => (v ? v : undefined));

/**
 * `POST /api/paste`. Expiry is a preset (`expiry`, what the UI offers) or an absolute `expiresAt`
 * (what clients of the original send); neither = never. Without a slug a random one is generated.
 */
export const PasteCreateBody = z
  .object({
    content: PasteContent,
    slug: NewShareSlug,
    remark: ShareRemark,
    password: NewSharePassword,
    expiry: ShareExpiry.optional(),
    expiresAt: AbsoluteExpiry.optional(),
    maxViews: MaxViews.optional(),
    /** The original's v1.x paste title. */
    title: PasteTitle,
    /** false = private: only its creator and the admin may read it (the original's `is_public`). */
    is_public: z.boolean().optional(),
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
    remark: ShareRemark,
    expiry: ShareExpiry.optional(),
    expiresAt: AbsoluteExpiry.optional(),
    maxViews: MaxViews.optional(),
    password: NewSharePassword,
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
export const PastePasswordBody = SharePasswordBody;
export type PastePasswordBody = z.infer<typeof PastePasswordBody>;

/** `GET /api/pastes`: `page` (1-based) wins over `offset`; `search` needs at least 2 characters. */
export const PasteListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  ...shareListFields({ limitMax: PASTE_LIST_LIMIT_MAX, defaultLimit: PAGE_SIZE.pastes }),
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
  title: z.string().nullable(),
  is_public: z.boolean(),
  createdAt: z.string(),
  authorizedBy: z.enum(['admin', 'apikey']),
});
export type PasteDto = z.infer<typeof PasteDto>;

const PasteMeta = z.object({
  slug: z.string(),
  title: z.string().nullable(),
  remark: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxViews: z.number(),
  views: z.number(),
  createdAt: z.string(),
  /** `<admin id>` or `apikey:<key id>`: the original's client offers editing to the creator by it. */
  created_by: z.string(),
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

/**
 * `POST /api/paste/{slug}` with the right password: the view plus a token for later reads. For the
 * original's client the answer also carries these fields at the top level, with `plain_password`: the
 * password that request itself sent, echoed beside `data` only (never stored, never on a GET).
 */
export const PasteUnlockedDto = PasteViewDto.extend({ accessToken: z.string(), accessTokenExpiresAt: z.string() });
export type PasteUnlockedDto = z.infer<typeof PasteUnlockedDto>;

/** One row of `GET /api/pastes`. */
export const PasteListItemDto = z.object({
  ...ShareRowFields,
  title: z.string().nullable(),
  /** false = private: only its creator and the admin may read it. */
  is_public: z.boolean(),
  view_count: z.number(),
  /** The first 200 characters, with "..." when cut. */
  content_preview: z.string(),
});
export type PasteListItemDto = z.infer<typeof PasteListItemDto>;

/** `GET`/`PUT /api/pastes/{id}`: the whole paste; never the password. */
export const PasteDetailDto = PasteListItemDto.omit({ content_preview: true }).extend({ content: z.string() });
export type PasteDetailDto = z.infer<typeof PasteDetailDto>;
