import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Message authentication for links the server hands out and later accepts back (local-storage upload
 * and download URLs now, proxy links later). One HMAC-SHA256 key per purpose, derived from the master
 * secret with HKDF, so a signature made for one purpose is worthless for another.
 */
export interface Mac {
  /** base64url HMAC-SHA256 of `message` under the key of `purpose`. */
  sign(purpose: string, message: string): string;
  /** Constant-time check of a presented signature; false for anything malformed. */
  verify(purpose: string, message: string, signature: string): boolean;
}

/** A Mac keyed by the master secret. */
export function createMac(masterSecret: string): Mac {
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string): Buffer => {
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', masterSecret, 'driftbox', `driftbox mac v1:${purpose}`, 32));
      keys.set(purpose, key);
    }
    return key;
  };
  const digest = (purpose: string, message: string) =>
    createHmac('sha256', keyFor(purpose)).update(message, 'utf8').digest();
  return {
    sign: (purpose, message) => digest(purpose, message).toString('base64url'),
    verify(purpose, message, signature) {
      const presented = Buffer.from(signature, 'base64url');
      // Only the one canonical spelling: the decoder skips stray characters, so other strings would
      // decode to the same bytes (harmless, but a signature should have one form).
      if (presented.toString('base64url') !== signature) return false;
      const expected = digest(purpose, message);
      // Equal lengths first: timingSafeEqual throws otherwise, and the length is no secret.
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    },
  };
}
