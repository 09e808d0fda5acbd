import { SHARE_EXPIRY_MS, type ShareExpiry } from '@driftbox/contract';
import { storedExpiry, type ExpiryRequest } from '../shares/share-expiry.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { GoneTexts } from '../shares/share-gone.js';

// Ownership, slugs, expiry and the 410 are the rules of every share (modules/shares/); these are the
// paste's wire forms of them.

/** A paste's expiry as the share rules take it: a preset (`expiry`) or an absolute `expiresAt`; neither = undefined. */
export function pasteExpiry(body: { expiry?: ShareExpiry; expiresAt?: string | null }): ExpiryRequest | undefined {
  if (body.expiry !== undefined) return { lifetimeMs: SHARE_EXPIRY_MS[body.expiry] };
  return body.expiresAt === undefined ? undefined : { at: body.expiresAt, field: 'expiresAt' };
}

/**
 * The stored expiry for a preset or an absolute time: undefined when neither was given, null for
 * never. Absolute times must lie in the future (the original stored whatever the client sent).
 */
export function resolveExpiry(
  body: { expiry?: ShareExpiry; expiresAt?: string | null },
  now: Date,
): string | null | undefined {
  return storedExpiry(pasteExpiry(body), now);
}

/** True while the paste may be read: not expired, views left (the shared rule of db/view-limits.ts). */
export { isLive } from '../../db/view-limits.js';

/** The words of a paste's 410: pastes do not tell expired from used up. */
export const PASTE_GONE: GoneTexts = {
  either: msg('pastes.view.gone'),
};
