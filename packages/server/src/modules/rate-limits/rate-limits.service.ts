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

/**
 * The limits around one kind of password check: wrong passwords per client and per target, and every
 * attempt per client (a budget for hashing work, well above any honest use).
 */
export interface PasswordRules {
  perClient: RateRule;
  perTarget: RateRule;
  attempts: RateRule;
}

/** Password checks (right or wrong) one client may cause per 15 minutes, for every kind of check. */
const PASSWORD_ATTEMPTS_PER_CLIENT = 600;

/** The rules of one kind of password check, named `kind`: wrong passwords per client and per target. */
export function passwordRules(kind: string, limits: { perClient: number; perTarget: number }): PasswordRules {
  const windowMs = 15 * MINUTE;
  return {
    perClient: { name: `${kind}:ip`, limit: limits.perClient, windowMs },
    perTarget: { name: `${kind}:target`, limit: limits.perTarget, windowMs },
    attempts: { name: `${kind}-all:ip`, limit: PASSWORD_ATTEMPTS_PER_CLIENT, windowMs },
  };
}

/** The limits in force (ARCHITECTURE §5: per client and per target, charged before hashing). */
export const RATE_RULES = {
  /**
   * Logins: failed ones per client IP (a success clears the client's count), and per username from
   * anywhere; past that, only clients without failures may still try (the admin is never locked out).
   */
  login: passwordRules('login', { perClient: 10, perTarget: 100 }),
  /** Current-password checks per admin when changing account details. */
  changePassword: { name: 'change-password:admin', limit: 10, windowMs: 15 * MINUTE },
  /** Unknown API keys presented per client IP; past it, further unknown keys get 429 (valid ones are served). */
  apiKeyFailures: { name: 'apikey-fail:ip', limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule | PasswordRules>;

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

  /** Takes back charges that were not owed (a right password, or an attempt refused before its check). */
  async function refund(charges: readonly (readonly [RateRule, string])[]): Promise<void> {
    const now = iso(clock.now());
    for (const [rule, subject] of charges) await repo.decrement(keyOf(rule, subject), now);
  }

  return {
    charge,
    assertNotLimited,
    record,

    /**
     * Guards a password check (ARCHITECTURE §5: per client and per target, before hashing). Every attempt
     * is first charged as a wrong password, one atomic increment per counter, so guesses sent at the same
     * moment cannot all pass a count written only after their checks; a right password is refunded, so
     * success never uses up a window (a script downloading with the password is never limited by it).
     *
     * - Per client: `perClient` wrong passwords per window for this kind of check, whatever the target.
     * - Per target: once `perTarget` wrong passwords from anywhere have used up the target's window, the
     *   target refuses only clients that failed in their own window. A client with none still gets its
     *   attempt checked (the one whose own charge made its count 1, so parallel ones cannot all pass): the
     *   owner with the right password gets in while the target is under attack, and a wrong guess counts
     *   a failure, after which that client is refused until its window ends. A guesser can no longer
     *   lock out everyone; the price is that a saturated target still admits one guess per client
     *   subject (IPv4 address, IPv6 /64) per window. Over a year (35,040 windows of 15 minutes) that is
     *   at most 35,040 × (perTarget + N) guesses at one target, N the subjects the guesser controls:
     *   every IPv4 address (or every /64 of an IPv6 /32, 4.3e9) gives 1.5e14 a year, under 2e-4 of
     *   the 62^10 = 8.4e17 random 10-character passwords. It bounds guesses per subject, not the
     *   subjects: a guesser with far more (a large IPv6 allocation) gets proportionally more.
     * - Every attempt, right or wrong, also counts against the client's much larger `attempts` budget,
     *   which bounds the hashing work one client can cause. More checks in flight than the per-client
     *   limit get 429 even with the right password (a script should use the access token instead).
     *
     * Resolves with `check`'s verdict; throws 429 (Retry-After: when the refusing window ends).
     */
    async guardPasswordCheck<T extends { ok: boolean }>(
      rules: PasswordRules,
      clientIp: string,
      target: string,
      check: () => Promise<T>,
    ): Promise<T> {
      await charge(rules.attempts, clientIp);
      const charged: [RateRule, string][] = [];
      const chargeFailure = async (rule: RateRule, subject: string) => {
        const now = clock.now();
        const counter = await repo.increment(keyOf(rule, subject), iso(now), iso(addMs(now, rule.windowMs)));
        charged.push([rule, subject]);
        return counter;
      };
      try {
        const failures = await chargeFailure(rules.perClient, clientIp);
        if (failures.count > rules.perClient.limit) throw rateLimited(secondsUntil(failures.reset_at));
        const guesses = await chargeFailure(rules.perTarget, target);
        // Over the target's limit only a client without failures of its own may try (count 1 = this one).
        if (guesses.count > rules.perTarget.limit && failures.count > 1)
          throw rateLimited(secondsUntil(failures.reset_at < guesses.reset_at ? failures.reset_at : guesses.reset_at));
      } catch (err) {
        await refund(charged);
        throw err;
      }
      const verdict = await check().catch(async (err: unknown) => {
        await refund(charged);
        throw err;
      });
      if (verdict.ok) await refund(charged);
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
