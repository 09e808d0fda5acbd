import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The result of a password check: whether it matched, and whether the stored hash should be replaced now. */
export interface PasswordCheck {
  ok: boolean;
  /** True for a legacy hash that just matched: the caller stores `hash(password)` in its place. */
  needsRehash: boolean;
}

/** Hashes and verifies passwords (ARCHITECTURE §5: scrypt with a per-hash salt, constant-time compare). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when `password` matches `stored`. */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * `verify` with a `needsRehash` result. A separate method rather than a new return type of `verify`,
   * because `if (!(await verify()))` on an object would silently accept every password.
   */
  check(password: string, stored: string): Promise<PasswordCheck>;
}

/**
 * Prefix of the unsalted SHA-256 hashes imported from the original product's backups. They are
 * accepted until their first successful check, when the caller replaces them with scrypt.
 */
export const LEGACY_SHA256_PREFIX = 'legacy-sha256$';

/** The stored form of an original-product SHA-256 hash (64 hex digits). */
export function legacySha256(hex: string): string {
  return LEGACY_SHA256_PREFIX + hex.toLowerCase();
}

/** Constant-time check of a `legacy-sha256$<hex>` value; false for anything malformed. */
function verifyLegacy(password: string, stored: string): boolean {
  const hex = stored.slice(LEGACY_SHA256_PREFIX.length);
  if (!/^[0-9a-f]{64}$/.test(hex)) return false;
  // The original hashed the UTF-8 text as typed (no normalisation), so this must too.
  const actual = createHash('sha256').update(password, 'utf8').digest();
  return timingSafeEqual(actual, Buffer.from(hex, 'hex'));
}

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** Production cost: N=2^15, r=8, p=1 (~32 MiB, tens of ms per hash). */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
// Refuse absurd parameters from a tampered hash string (say, a crafted backup) instead of allocating
// gigabytes or spinning for minutes: scrypt needs 128·N·r bytes and p times the work.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, HASH_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid =
    [N, r, p].every((n) => Number.isInteger(n) && n > 0) &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    r <= MAX_R &&
    p <= MAX_P &&
    128 * N * r <= MAX_MEMORY;
  if (!valid) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const hash = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || hash.length === 0) return null;
  return { params: { N, r, p }, salt, hash };
}

/**
 * A scrypt hasher producing self-describing strings `scrypt$N$r$p$salt$hash` (base64), so the cost can
 * be raised later without invalidating stored hashes.
 */
export function createPasswordHasher(params: ScryptParams = DEFAULT_SCRYPT): PasswordHasher {
  async function check(password: string, stored: string): Promise<PasswordCheck> {
    if (stored.startsWith(LEGACY_SHA256_PREFIX)) {
      const ok = verifyLegacy(password, stored);
      return { ok, needsRehash: ok };
    }
    const parsed = parse(stored);
    if (!parsed) return { ok: false, needsRehash: false };
    const key = await derive(password, parsed.salt, parsed.params);
    return { ok: key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash), needsRehash: false };
  }

  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(password, salt, params);
      return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(password, stored) {
      return (await check(password, stored)).ok;
    },
    check,
  };
}
