import { randomBytes, randomUUID } from 'node:crypto';
import { RANDOM_SLUG_ALPHABET } from '@driftbox/contract';

/** Randomness behind a port (STYLE §10) so tests can pin ids when they need to. */
export interface Ids {
  /** A new row id. */
  uuid(): string;
  /** `bytes` random bytes as base64url (43 chars for 32 bytes). */
  token(bytes: number): string;
  /** A random share slug of `length` characters from [A-Za-z0-9]. */
  slug(length: number): string;
}

/**
 * `length` characters of `alphabet` from a cryptographic source, without modulo bias: bytes at or above
 * the largest multiple of the alphabet size are discarded (the original's generator was biased).
 */
export function randomString(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Ids from the operating system's CSPRNG. */
export function cryptoIds(): Ids {
  return {
    uuid: () => randomUUID(),
    token: (bytes) => randomBytes(bytes).toString('base64url'),
    slug: (length) => randomString(length, RANDOM_SLUG_ALPHABET),
  };
}
