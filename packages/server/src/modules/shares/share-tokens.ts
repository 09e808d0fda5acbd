import { iso } from '../../lib/clock.js';
import type { Mac } from '../../lib/crypto/mac.js';

/** What a valid access token proves: access to share `id`, as its password was at `passwordVersion`. */
export interface ShareAccessClaim {
  id: string;
  passwordVersion: number;
  /** When the token stops working (ISO). */
  expiresAt: string;
}

// Ids are UUIDs; anything much longer than a real token is refused before any work.
const MAX_TOKEN_LENGTH = 256;

/**
 * Short-lived access tokens for shares (reference notes §7.3: store only a password hash and hand out
 * tokens instead of re-sending the password). A token is `base64url(payload).hmac`, the payload
 * `id.passwordVersion.expiryMs`: changing or clearing the password bumps the version and so invalidates
 * every token issued before. Stateless, so any instance accepts any other's tokens. Each kind of share
 * signs under its own `purpose`, so a paste token never opens a file and vice versa.
 */
export function shareTokens(mac: Mac, purpose: string, ttlMs: number) {
  return {
    /** A token for `id` at `passwordVersion`, valid for `ttlMs` from `now`. */
    issue(id: string, passwordVersion: number, now: Date): { token: string; expiresAt: string } {
      const expiresMs = now.getTime() + ttlMs;
      const payload = `${id}.${passwordVersion}.${expiresMs}`;
      const token = `${Buffer.from(payload, 'utf8').toString('base64url')}.${mac.sign(purpose, payload)}`;
      return { token, expiresAt: iso(new Date(expiresMs)) };
    },

    /** The claim of a genuine, unexpired token; null for anything else (forged, expired, malformed). */
    read(token: string, now: Date): ShareAccessClaim | null {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const payload = Buffer.from(body, 'base64url').toString('utf8');
      if (!mac.verify(purpose, payload, signature)) return null;
      const [id, version, expires] = payload.split('.');
      const passwordVersion = Number(version);
      const expiresMs = Number(expires);
      if (!id || !Number.isInteger(passwordVersion) || !(expiresMs > now.getTime())) return null;
      return { id, passwordVersion, expiresAt: iso(new Date(expiresMs)) };
    },
  };
}
export type ShareTokens = ReturnType<typeof shareTokens>;
