import type { Mac } from './mac.js';

/** What a presented `sign` parameter turned out to be: an expired one is told apart from a forged one. */
export type SignCheck = 'ok' | 'expired' | 'bad';

/** `<base64url mac>:<expiry unix seconds>`, as the original product spelled its link signatures. */
const SIGN = /^([A-Za-z0-9_-]+):(\d{1,12})$/;

/**
 * The `sign=<mac>:<expiry>` parameter of the links the server hands out (proxy links, archive
 * downloads): the HMAC of `purpose` covers `message(expiry)`, so the expiry cannot be edited. Expiry 0
 * means "never" (only where an admin chose it). Built by hand: the MAC is base64url and the rest digits,
 * so the value needs no escaping in a query string.
 */
export function expiringSign(mac: Mac, purpose: string) {
  return {
    sign(message: (expiry: number) => string, expiresAt: Date | null): string {
      const expiry = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0;
      return `${mac.sign(purpose, message(expiry))}:${expiry}`;
    },

    /** The signature checked first (constant time), then its expiry against `now`. */
    check(message: (expiry: number) => string, sign: string | undefined, now: Date): SignCheck {
      const match = sign ? SIGN.exec(sign) : null;
      if (!match) return 'bad';
      const expiry = Number(match[2]);
      if (!mac.verify(purpose, message(expiry), match[1]!)) return 'bad';
      return expiry !== 0 && expiry * 1000 <= now.getTime() ? 'expired' : 'ok';
    },
  };
}
