import { z } from 'zod';
import { SLUG_MAX } from './constants.js';

/**
 * Share slugs (the `{slug}` of /paste/{slug} and /file/{slug}), one rule for pastes and files (spec §5):
 * letters, digits, hyphens and underscores, at most 50 characters, some words reserved.
 */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Words that may not be used as a custom slug: they are (or may become) app routes, API path segments
 * or easily confused with them. Compared case-insensitively.
 */
export const RESERVED_SLUGS = [
  'api',
  'admin',
  'raw',
  'new',
  'edit',
  'paste',
  'pastes',
  'file',
  'files',
  'upload',
  'mount-explorer',
  'login',
  'logout',
  'static',
  'assets',
  'dav',
  'webdav',
  'public',
  'share',
  'download',
  'preview',
  'settings',
] as const;

const RESERVED = new Set<string>(RESERVED_SLUGS);

/** Characters of generated slugs: unambiguous in URLs, no punctuation. */
export const RANDOM_SLUG_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Length of generated slugs: 62^8 ≈ 2·10^14 values, so collisions are rare and retried. */
export const RANDOM_SLUG_LENGTH = 8;

/** True when `slug` is a reserved word (any letter case). */
export function isReservedSlug(slug: string): boolean {
  return RESERVED.has(slug.toLowerCase());
}

const slugRules = (schema: z.ZodString) =>
  schema
    .max(SLUG_MAX, `Link suffix must be at most ${SLUG_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]*$/, 'Link suffix may contain only letters, digits, hyphens and underscores')
    .refine((slug) => !isReservedSlug(slug), 'This link suffix is reserved, try another');

/** A custom slug as typed by a user: trimmed, pattern-checked, length-checked, not reserved. */
export const Slug = slugRules(z.string().trim().min(1, 'Link suffix must not be empty'));
export type Slug = z.infer<typeof Slug>;

/** A custom slug, or `''` for "generate one" (the create form's empty field, the update's `newSlug: ''`). */
export const SlugOrEmpty = slugRules(z.string().trim());
export type SlugOrEmpty = z.infer<typeof SlugOrEmpty>;
