import { addMs, iso } from '../../lib/clock.js';
import { invalidField } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';

/**
 * An expiry as a create or an edit asks for it, whatever its wire form: a lifetime from now (a paste's
 * preset, a file's `expires_in` hours) or an absolute time named by the field it came in; null = never.
 */
export type ExpiryRequest = { lifetimeMs: number | null } | { at: string | null; field: string };

/**
 * An absolute expiry as stored: ISO 8601 UTC, null = never. It must lie in the future (the original
 * stored whatever the client sent); one that does not is 400 at `field`. Shares and API keys alike.
 */
export function futureExpiry(at: string | null, now: Date, field: string): string | null {
  if (at === null) return null;
  const instant = new Date(at);
  if (instant.getTime() <= now.getTime()) {
    throw invalidField(field, msg('shares.expiryInPast'));
  }
  return iso(instant);
}

/** The stored expiry `lifetimeMs` after `now`; null (never) for a null lifetime. */
export function expiryAfter(lifetimeMs: number | null, now: Date): string | null {
  return lifetimeMs === null ? null : iso(addMs(now, lifetimeMs));
}

/** The stored expiry a request asks for; undefined when it asks none (unchanged, or the caller's default). */
export function storedExpiry(request: ExpiryRequest | undefined, now: Date): string | null | undefined {
  if (request === undefined) return undefined;
  return 'at' in request ? futureExpiry(request.at, now, request.field) : expiryAfter(request.lifetimeMs, now);
}

/** True once the share's expiry has passed (views do not matter). */
export function isExpired(row: { expires_at: string | null }, now: Date): boolean {
  return row.expires_at !== null && row.expires_at <= iso(now);
}
