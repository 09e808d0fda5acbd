import { ADMIN_SESSION_TTL_MS, type ChangePasswordBody, type LoginBody, type LoginResult } from '@driftbox/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import type { Actor, AdminActor } from '../../lib/auth/actor.js';
import { assertAdmin } from '../../lib/auth/authz.js';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import { sha256Hex } from '../../lib/crypto/digest.js';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { RATE_RULES, type RateLimitService } from '../rate-limits/rate-limits.service.js';
import { authRepository } from './auth.repository.js';

export interface AuthDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  crypto: AppCrypto;
  rateLimits: RateLimitService;
}

/** Outcome of the first-run check; `generatedPassword` is set only when one was invented. */
export interface FirstRunResult {
  created: boolean;
  username: string;
  generatedPassword: string | null;
}

const TOKEN_BYTES = 32;
const GENERATED_PASSWORD_BYTES = 18;

/** Admin accounts and sessions: first run, login, logout, token resolution, account changes. */
export function createAuthService(deps: AuthDeps) {
  const repo = authRepository(deps.db);
  const { clock, ids, crypto, rateLimits } = deps;
  let dummyHash: Promise<string> | null = null;
  // Verifying against a throwaway hash when the user is unknown keeps both paths equally slow.
  const dummy = () => (dummyHash ??= crypto.passwords.hash(ids.token(16)));
  // WebDAV Basic: digests of (current hash, password) pairs verified in the last minutes (verifyBasic).
  const verified = new Map<string, { id: string; until: number }>();

  return {
    /**
     * ARCHITECTURE §2: when no admin exists, create one from ADMIN_USERNAME and ADMIN_PASSWORD, or a
     * random password returned once for the console. Never a fixed default.
     */
    async ensureAdmin(initial: { username: string; password: string | null }): Promise<FirstRunResult> {
      const none: FirstRunResult = { created: false, username: initial.username, generatedPassword: null };
      if ((await repo.countAdmins()) > 0) return none;
      const generatedPassword = initial.password === null ? ids.token(GENERATED_PASSWORD_BYTES) : null;
      const now = iso(clock.now());
      const row = {
        id: ids.uuid(),
        username: initial.username,
        password_hash: await crypto.passwords.hash(initial.password ?? generatedPassword ?? ''),
        created_at: now,
        updated_at: now,
      };
      try {
        await repo.insertAdmin(row);
      } catch (err) {
        // Another instance won the first-run race; its admin stands.
        if (isUniqueViolation(err)) return none;
        throw err;
      }
      return { created: true, username: initial.username, generatedPassword };
    },

    /** Checks credentials (rate-limited before hashing) and opens a 24 h session. */
    async login(clientIp: string, body: LoginBody): Promise<LoginResult> {
      // Failures count against the client and the name, so the admin's own logins never use up its window.
      const { admin } = await rateLimits.guardPasswordCheck(
        RATE_RULES.login,
        clientIp,
        body.username.toLowerCase(),
        async () => {
          const found = await repo.findAdminByUsername(body.username);
          // An unknown name costs the same hash as a wrong password.
          const valid = await crypto.passwords.verify(body.password, found?.password_hash ?? (await dummy()));
          return valid && found ? { ok: true, admin: found } : { ok: false, admin: null };
        },
      );
      if (!admin) throw unauthorized('INVALID_CREDENTIALS');

      const now = clock.now();
      const token = ids.token(TOKEN_BYTES);
      const expiresAt = iso(addMs(now, ADMIN_SESSION_TTL_MS));
      await repo.insertSession({
        token_hash: sha256Hex(token),
        admin_id: admin.id,
        expires_at: expiresAt,
        created_at: iso(now),
      });
      // Housekeeping on a rare, already-slow path: expired sessions and rate windows go lazily here.
      await repo.deleteExpiredSessions(iso(now));
      await rateLimits.sweep();
      await rateLimits.reset(RATE_RULES.login.perClient, clientIp);
      return { username: admin.username, token, expiresAt };
    },

    /**
     * WebDAV's Basic login with the admin's username and password (no session): checked under the login
     * page's throttle. A password already verified against the admin's current hash is remembered (by a
     * digest of both, never the password) so a client's thousands of requests do not each cost a hash and
     * an attempt; a changed password changes the hash, so nothing remembered matches it any more.
     */
    async verifyBasic(clientIp: string, username: string, password: string): Promise<AdminActor> {
      const found = await repo.findAdminByUsername(username);
      const proof = found ? sha256Hex(`${found.password_hash}\0${password}`) : null;
      if (found && proof && verified.get(proof)?.id === found.id && verified.get(proof)!.until > clock.now().getTime())
        return { type: 'admin', id: found.id, username: found.username };
      const { admin } = await rateLimits.guardPasswordCheck(
        RATE_RULES.login,
        clientIp,
        username.toLowerCase(),
        async () => {
          const valid = await crypto.passwords.verify(password, found?.password_hash ?? (await dummy()));
          return valid && found ? { ok: true, admin: found } : { ok: false, admin: null };
        },
      );
      if (!admin || !proof) throw unauthorized('INVALID_CREDENTIALS');
      if (verified.size >= 64) verified.clear();
      verified.set(proof, { id: admin.id, until: clock.now().getTime() + 5 * 60_000 });
      return { type: 'admin', id: admin.id, username: admin.username };
    },

    /** Ends the session of the presented token, if any (logout always succeeds). */
    async logout(rawToken: string | null): Promise<void> {
      if (rawToken) await repo.deleteSession(sha256Hex(rawToken));
    },

    /** Resolves a bearer token to its admin; 401 UNAUTHORIZED when unknown, TOKEN_EXPIRED when stale. */
    async resolveToken(rawToken: string): Promise<AdminActor> {
      const tokenHash = sha256Hex(rawToken);
      const session = await repo.findSession(tokenHash);
      if (!session) throw unauthorized('UNAUTHORIZED');
      if (session.expires_at <= iso(clock.now())) {
        await repo.deleteSession(tokenHash);
        throw unauthorized('TOKEN_EXPIRED');
      }
      return { type: 'admin', id: session.admin_id, username: session.username };
    },

    /**
     * Changes the admin's username and/or password after checking the current password (rate-limited
     * per admin). Every session of the admin ends, so all devices must log in again.
     */
    async changePassword(actor: Actor, body: ChangePasswordBody): Promise<void> {
      assertAdmin(actor);
      await rateLimits.charge(RATE_RULES.changePassword, actor.id);
      const admin = await repo.findAdminById(actor.id);
      if (!admin) throw notFound('admin');
      if (!(await crypto.passwords.verify(body.currentPassword, admin.password_hash))) {
        throw unauthorized('WRONG_PASSWORD');
      }
      const newUsername =
        body.newUsername !== undefined && body.newUsername !== admin.username ? body.newUsername : undefined;
      if (newUsername === undefined && body.newPassword === undefined) throw new AppError('NOTHING_TO_UPDATE');
      if (body.newPassword !== undefined && body.newPassword === body.currentPassword)
        throw new AppError('SAME_PASSWORD');
      if (newUsername !== undefined && (await repo.findAdminByUsername(newUsername))) throw conflict('USERNAME_TAKEN');

      const changes = {
        updated_at: iso(clock.now()),
        ...(newUsername !== undefined ? { username: newUsername } : {}),
        ...(body.newPassword !== undefined ? { password_hash: await crypto.passwords.hash(body.newPassword) } : {}),
      };
      try {
        await repo.transaction(async (trx) => {
          await trx.updateAdmin(admin.id, changes);
          await trx.deleteSessionsOfAdmin(admin.id);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('USERNAME_TAKEN');
        throw err;
      }
      await rateLimits.reset(RATE_RULES.changePassword, actor.id);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
