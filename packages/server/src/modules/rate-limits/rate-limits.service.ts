import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import { rateLimited } from '../../lib/errors.js';
import { rateLimitsRepository } from './rate-limits.repository.js';

/** A fixed-window limit: at most `limit` hits per `windowMs` for one subject. */
export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits in force (ARCHITECTURE §5: per client and per target, charged before hashing). */
export const RATE_RULES = {
  /** Login attempts per client IP. */
  loginPerClient: { name: 'login:ip', limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins per username, from anywhere; high enough that locking the admin out takes effort. */
  loginPerUser: { name: 'login:user', limit: 100, windowMs: 15 * MINUTE },
  /** Current-password checks per admin when changing account details. */
  changePassword: { name: 'change-password:admin', limit: 10, windowMs: 15 * MINUTE },
  /** Unknown or expired API keys presented per client IP. */
  apiKeyFailures: { name: 'apikey-fail:ip', limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

export interface RateLimitDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Database-backed rate limiting shared by every instance. */
export function createRateLimitService({ db, clock }: RateLimitDeps) {
  const repo = rateLimitsRepository(db);
  const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject}`;
  const secondsUntil = (resetAt: string) => Math.ceil((Date.parse(resetAt) - clock.now().getTime()) / 1000);

  /** Counts one attempt and throws 429 (with Retry-After) once the limit is exceeded. */
  async function charge(rule: RateRule, subject: string): Promise<void> {
    const now = clock.now();
    const counter = await repo.increment(keyOf(rule, subject), iso(now), iso(addMs(now, rule.windowMs)));
    if (counter.count > rule.limit) throw rateLimited(secondsUntil(counter.reset_at));
  }

  /** Throws 429 when the subject has already used up its window, without counting. */
  async function assertNotLimited(rule: RateRule, subject: string): Promise<void> {
    const counter = await repo.findActive(keyOf(rule, subject), iso(clock.now()));
    if (counter && counter.count >= rule.limit) throw rateLimited(secondsUntil(counter.reset_at));
  }

  /** Counts one failure without throwing (the caller answers with its own error). */
  async function record(rule: RateRule, subject: string): Promise<void> {
    const now = clock.now();
    await repo.increment(keyOf(rule, subject), iso(now), iso(addMs(now, rule.windowMs)));
  }

  return {
    charge,
    assertNotLimited,
    record,

    /**
     * Guards a share password check (ARCHITECTURE §5: per client and per target, before hashing): every
     * attempt counts against the client; only wrong passwords count against the share, so the people
     * who know the password are not locked out by the attempts of those who do not, nor by each other.
     * Resolves with `check`'s verdict; throws 429 when either limit is used up.
     */
    async guardPasswordCheck<T extends { ok: boolean }>(rules: { perClient: RateRule; perTarget: RateRule }, clientIp: string, target: string, check: () => Promise<T>): Promise<T> {
      await charge(rules.perClient, clientIp);
      await assertNotLimited(rules.perTarget, target);
      const verdict = await check();
      if (!verdict.ok) await record(rules.perTarget, target);
      return verdict;
    },

    /** Clears a subject's counter. */
    async reset(rule: RateRule, subject: string): Promise<void> {
      await repo.remove(keyOf(rule, subject));
    },

    /** Deletes ended windows so the table stays small. */
    async sweep(): Promise<number> {
      return repo.deleteExpired(iso(clock.now()));
    },
  };
}
export type RateLimitService = ReturnType<typeof createRateLimitService>;
