import type {
  ApiKeyCreateBody,
  ApiKeyDto,
  ApiKeyUpdateBody,
  ApiKeyWithSecretDto,
  TestApiKeyResult,
} from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import type { Actor, ApiKeyActor } from '../../lib/auth/actor.js';
import { assertAdmin, assertAuthenticated } from '../../lib/auth/authz.js';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import { sha256Hex } from '../../lib/crypto/digest.js';
import { conflict, notFound, unauthorized } from '../../lib/errors.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { RATE_RULES, type RateLimitService } from '../rate-limits/rate-limits.service.js';
import { futureExpiry } from '../shares/share-expiry.js';
import { presentApiKey, presentApiKeyWithSecret, presentKeyTest } from './api-keys.presenter.js';
import { apiKeysRepository, type ApiKeyChanges, type ApiKeyRow } from './api-keys.repository.js';

type CreateInput = z.output<typeof ApiKeyCreateBody>;
type UpdateInput = z.output<typeof ApiKeyUpdateBody>;

export interface ApiKeysDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  crypto: AppCrypto;
  rateLimits: RateLimitService;
}

/** Without an expiry in the request a key lives one day, as in the original product. */
export const DEFAULT_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** 24 random bytes = 32 url-safe characters. */
const GENERATED_KEY_BYTES = 24;
/** The encryption context binds ciphertexts to this column (backup restore checks it too). */
export const KEY_CONTEXT = 'api_keys.key';
const LAST_USED_EVERY_MS = 60_000;
const MAX_PRESENTED_KEY = 256;

/** The part of a key the list shows (also used when the backup imports the original's keys). */
export function prefixOf(key: string): string {
  // Show at most half of a short custom key, so the mask does not give most of it away.
  return key.slice(0, Math.min(6, Math.floor(key.length / 2)));
}

/** API keys: admin CRUD, and resolution of a presented key to an actor. */
export function createApiKeysService(deps: ApiKeysDeps) {
  const repo = apiKeysRepository(deps.db);
  const { clock, ids, crypto, rateLimits } = deps;

  /** A future ISO expiry normalised to UTC with ms; null = never; past dates are refused (the share rule). */
  function expiryOf(value: string | null): string | null {
    return futureExpiry(value, clock.now(), 'expires_at');
  }

  async function requireRow(id: string): Promise<ApiKeyRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound('api key');
    return row;
  }

  async function insertChecked(row: ApiKeyRow): Promise<void> {
    if (await repo.nameExists(row.name)) throw conflict('NAME_TAKEN');
    if (await repo.findByHash(row.key_hash)) throw conflict('KEY_TAKEN');
    try {
      await repo.insert(row);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A concurrent insert won: report whichever value now collides.
      throw conflict((await repo.nameExists(row.name)) ? 'NAME_TAKEN' : 'KEY_TAKEN');
    }
  }

  return {
    /**
     * Every key, newest first, each with its plaintext decrypted: the original's list carried the full
     * key and its client copies it from there. Admin only, answered with `Cache-Control: no-store`.
     */
    async list(actor: Actor): Promise<ApiKeyWithSecretDto[]> {
      assertAdmin(actor);
      return (await repo.list()).map((row) =>
        presentApiKeyWithSecret(row, crypto.box.decrypt(row.key_encrypted, KEY_CONTEXT)),
      );
    },

    /** One key with its plaintext decrypted, so the admin can copy it again. */
    async get(actor: Actor, id: string): Promise<ApiKeyWithSecretDto> {
      assertAdmin(actor);
      const row = await requireRow(id);
      return presentApiKeyWithSecret(row, crypto.box.decrypt(row.key_encrypted, KEY_CONTEXT));
    },

    /** Creates a key from whitelisted fields; the custom or generated key is returned once in full. */
    async create(actor: Actor, body: CreateInput): Promise<ApiKeyWithSecretDto> {
      assertAdmin(actor);
      const now = clock.now();
      const key = body.custom_key ?? ids.token(GENERATED_KEY_BYTES);
      const row: ApiKeyRow = {
        id: ids.uuid(),
        name: body.name,
        key_hash: sha256Hex(key),
        key_encrypted: crypto.box.encrypt(key, KEY_CONTEXT),
        key_prefix: prefixOf(key),
        permissions: body.permissions,
        role: body.role,
        basic_path: body.basic_path,
        is_guest: body.is_guest,
        is_enable: body.is_enable,
        expires_at: body.expires_at === undefined ? iso(addMs(now, DEFAULT_KEY_TTL_MS)) : expiryOf(body.expires_at),
        last_used: null,
        created_at: iso(now),
        updated_at: iso(now),
      };
      await insertChecked(row);
      return presentApiKeyWithSecret(row, key);
    },

    /** Updates only the writable fields (no mass assignment: the key and id never change). */
    async update(actor: Actor, id: string, body: UpdateInput): Promise<ApiKeyDto> {
      assertAdmin(actor);
      await requireRow(id);
      if (body.name !== undefined && (await repo.nameExists(body.name, id))) throw conflict('NAME_TAKEN');
      const changes: ApiKeyChanges = {
        name: body.name,
        permissions: body.permissions,
        role: body.role,
        basic_path: body.basic_path,
        is_guest: body.is_guest,
        is_enable: body.is_enable,
        expires_at: body.expires_at === undefined ? undefined : expiryOf(body.expires_at),
        updated_at: iso(clock.now()),
      };
      try {
        await repo.update(id, changes);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('NAME_TAKEN');
        throw err;
      }
      return presentApiKey(await requireRow(id));
    },

    /** Deletes one key; 404 when unknown. */
    async remove(actor: Actor, id: string): Promise<void> {
      assertAdmin(actor);
      if (!(await repo.delete(id))) throw notFound('api key');
    },

    /** Deletes several keys; unknown ids are skipped. Returns how many were deleted. */
    async removeMany(actor: Actor, keyIds: string[]): Promise<number> {
      assertAdmin(actor);
      return repo.deleteMany([...new Set(keyIds)]);
    },

    /**
     * Resolves a presented key to its actor. Unknown or expired keys answer API_KEY_INVALID; unknown ones
     * count against the client (guesses), expired ones do not (a browser still holding its old key is
     * not guessing, and must not use up the budget of a fresh key from the same address). The key is
     * looked up first — one digest and one indexed read, the same work as the limit's own read — so a
     * valid key is served even from a client over its failure budget (other keys failing, e.g. behind a
     * proxy without TRUST_PROXY, never lock it out); only unknown keys from such a client get 429. So the
     * limit no longer bounds a scan (a hit is served, and any answer but 429 tells the guesser it found a
     * key): keys stay unguessable by their length, 192 random bits generated, 8+ characters custom.
     */
    async resolveKey(rawKey: string, clientIp: string): Promise<ApiKeyActor> {
      const now = clock.now();
      const row = rawKey.length <= MAX_PRESENTED_KEY ? await repo.findByHash(sha256Hex(rawKey)) : undefined;
      if (!row) {
        await rateLimits.assertNotLimited(RATE_RULES.apiKeyFailures, clientIp);
        await rateLimits.record(RATE_RULES.apiKeyFailures, clientIp);
        throw unauthorized('API_KEY_INVALID');
      }
      if (row.expires_at !== null && row.expires_at <= iso(now)) throw unauthorized('API_KEY_INVALID');
      // A disabled key is refused like in the original, and its use is not recorded.
      if (row.is_enable !== 1) throw unauthorized('API_KEY_DISABLED');
      const staleBefore = iso(addMs(now, -LAST_USED_EVERY_MS));
      if (row.last_used === null || row.last_used < staleBefore)
        await repo.touchLastUsed(row.id, iso(now), staleBefore);
      return {
        type: 'apikey',
        id: row.id,
        name: row.name,
        permissions: row.permissions,
        basicPath: row.basic_path,
        role: row.role,
        isGuest: row.is_guest,
        expiresAt: row.expires_at,
      };
    },

    /** What the caller may do, in the original's `test/api-key` shape. */
    describe(actor: Actor): TestApiKeyResult {
      assertAuthenticated(actor);
      return presentKeyTest(actor);
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
