import { randomBytes, randomUUID } from 'node:crypto';

/** Randomness behind a port (STYLE §10) so tests can pin ids when they need to. */
export interface Ids {
  /** A new row id. */
  uuid(): string;
  /** `bytes` random bytes as base64url (43 chars for 32 bytes). */
  token(bytes: number): string;
}

/** Ids from the operating system's CSPRNG. */
export function cryptoIds(): Ids {
  return {
    uuid: () => randomUUID(),
    token: (bytes) => randomBytes(bytes).toString('base64url'),
  };
}
