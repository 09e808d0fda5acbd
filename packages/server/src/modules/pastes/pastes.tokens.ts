import { PASTE_ACCESS_TOKEN_TTL_MS } from '@driftbox/contract';
import type { Mac } from '../../lib/crypto/mac.js';
import { shareTokens } from '../shares/share-tokens.js';

/** Signature checks remembered per process (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 1000;

/** What a valid access token proves: the password of this paste, as it was at `passwordVersion`. */
export interface PasteAccessClaim {
  pasteId: string;
  passwordVersion: number;
}

/**
 * Paste access tokens, issued after a password check: the shared share-token format (shares/share-tokens.ts)
 * under the paste purpose, valid for PASTE_ACCESS_TOKEN_TTL_MS.
 */
export function pasteTokens(mac: Mac) {
  const tokens = shareTokens(mac, 'paste-access', PASTE_ACCESS_TOKEN_TTL_MS);
  // A reader presents the same token on every read; its signature is checked once, not per read. Only
  // a cache: the claim is a pure function of the token, expiry is rechecked, and the password version
  // is still compared in the counting statement.
  const verified = new Map<string, { claim: PasteAccessClaim; expiresAt: string }>();
  return {
    /** A token for `pasteId` at `passwordVersion`, valid for PASTE_ACCESS_TOKEN_TTL_MS from `now`. */
    issue: (pasteId: string, passwordVersion: number, now: Date) => tokens.issue(pasteId, passwordVersion, now),

    /** The claim of a genuine, unexpired token; null for anything else (forged, expired, malformed). */
    read(token: string, now: Date): PasteAccessClaim | null {
      const known = verified.get(token);
      if (known) return Date.parse(known.expiresAt) > now.getTime() ? known.claim : null;
      const claim = tokens.read(token, now);
      if (!claim) return null;
      const result = { pasteId: claim.id, passwordVersion: claim.passwordVersion };
      verified.set(token, { claim: result, expiresAt: claim.expiresAt });
      // Oldest first: Map iteration follows insertion order.
      if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
      return result;
    },
  };
}
export type PasteTokens = ReturnType<typeof pasteTokens>;
