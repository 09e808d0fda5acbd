import { beforeEach, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { testDbPerTest } from '../../test/per-test.js';
import {
  createRateLimitService,
  type PasswordRules,
  type RateLimitService,
  type RateRule,
} from './rate-limits.service.js';

const RULE: RateRule = { name: 'test', limit: 3, windowMs: 60_000 };

/** Password-check rules allowing these many tries per client, per target and in all, each per minute. */
const passwordRules = (perClient: number, perTarget: number, attempts: number): PasswordRules => ({
  perClient: { name: 'pw:ip', limit: perClient, windowMs: 60_000 },
  perTarget: { name: 'pw:target', limit: perTarget, windowMs: 60_000 },
  attempts: { name: 'pw-all:ip', limit: attempts, windowMs: 60_000 },
});

describe.each(dialects)('rate limits in the database (%s)', (dialect) => {
  const t = testDbPerTest(dialect);
  let clock: TestClock;
  let limits: RateLimitService;
  beforeEach(() => {
    clock = testClock();
    limits = createRateLimitService({ db: t.db, clock });
  });

  it('allows `limit` hits per window, then 429 with the seconds left', async () => {
    for (let i = 0; i < 3; i += 1) await limits.charge(RULE, 'ip');
    clock.advance(20_500);
    await expect(limits.charge(RULE, 'ip')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      headers: { 'Retry-After': '40' },
    });
    await expect(limits.charge(RULE, 'other-ip')).resolves.toBeUndefined();
  });

  it('starts a fresh window once the old one has ended', async () => {
    for (let i = 0; i < 4; i += 1) await limits.charge(RULE, 'ip').catch(() => undefined);
    clock.advance(60_000);
    await expect(limits.charge(RULE, 'ip')).resolves.toBeUndefined();
    const row = await t.db.selectFrom('rate_limits').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ key: 'test:ip', count: 1, reset_at: '2026-01-01T00:02:00.000Z' });
  });

  it('counts concurrent hits exactly (one atomic statement per hit)', async () => {
    const many: RateRule = { name: 'many', limit: 1000, windowMs: 60_000 };
    await Promise.all(Array.from({ length: 40 }, () => limits.charge(many, 'ip')));
    const row = await t.db.selectFrom('rate_limits').select('count').executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(40);
  });

  it('record/assertNotLimited count failures without charging successes', async () => {
    await limits.assertNotLimited(RULE, 'ip');
    for (let i = 0; i < 3; i += 1) await limits.record(RULE, 'ip');
    await expect(limits.assertNotLimited(RULE, 'ip')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await limits.reset(RULE, 'ip');
    await expect(limits.assertNotLimited(RULE, 'ip')).resolves.toBeUndefined();
  });

  it('guardPasswordCheck: wrong passwords count per client and per target; right ones only against the attempts budget', async () => {
    const rules = passwordRules(2, 3, 6);
    let hashes = 0;
    const check = (ok: boolean) => async () => {
      hashes += 1;
      return { ok };
    };
    // Right passwords never lock the client or the target out…
    for (let i = 0; i < 3; i += 1)
      expect(await limits.guardPasswordCheck(rules, 'a', 'share', check(true))).toEqual({ ok: true });
    // …wrong ones do, before any hash: two per client…
    for (let i = 0; i < 2; i += 1)
      expect(await limits.guardPasswordCheck(rules, 'a', 'share', check(false))).toEqual({ ok: false });
    await expect(limits.guardPasswordCheck(rules, 'a', 'share', check(true))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // …three per target from anywhere: then a client that has failed is refused, even with the right one.
    expect(await limits.guardPasswordCheck(rules, 'b', 'share', check(false))).toEqual({ ok: false });
    await expect(limits.guardPasswordCheck(rules, 'b', 'share', check(true))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(hashes).toBe(6);
    // Every attempt, right or wrong, counts against the client's budget of hashing work.
    for (let i = 0; i < 6; i += 1) await limits.guardPasswordCheck(rules, 'd', 'other', check(true));
    await expect(limits.guardPasswordCheck(rules, 'd', 'other', check(true))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(hashes).toBe(12);
  });

  it('guardPasswordCheck: a target whose window guessers used up still admits clients without failures, one guess each', async () => {
    const rules = passwordRules(5, 3, 600);
    let hashes = 0;
    const check = (ok: boolean) => async () => {
      hashes += 1;
      return { ok };
    };
    for (const ip of ['a', 'b', 'c'])
      expect(await limits.guardPasswordCheck(rules, ip, 'share', check(false))).toEqual({ ok: false });
    // The owner, from an address without failures, gets in with the right password, again and again…
    for (let i = 0; i < 3; i += 1)
      expect(await limits.guardPasswordCheck(rules, 'owner', 'share', check(true))).toEqual({ ok: true });
    // …the guessers are refused before any hash, with the right password too, until their own window ends…
    for (const ip of ['a', 'b', 'c'])
      await expect(limits.guardPasswordCheck(rules, ip, 'share', check(true))).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        headers: { 'Retry-After': '60' },
      });
    expect(hashes).toBe(6);
    // …and a fresh address gets one guess: once wrong, it is refused like the others.
    expect(await limits.guardPasswordCheck(rules, 'd', 'share', check(false))).toEqual({ ok: false });
    await expect(limits.guardPasswordCheck(rules, 'd', 'share', check(false))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // Ten guesses sent at once from a fresh address: only the one whose charge came first is checked.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        limits.guardPasswordCheck(rules, 'e', 'share', check(false)).catch((err: { code?: string }) => err.code),
      ),
    );
    expect(answers.filter((a) => a === 'RATE_LIMITED')).toHaveLength(9);
    expect(hashes).toBe(8);
    // Other targets still allow the per-client limit; the window of a guesser ends and it may try again.
    expect(await limits.guardPasswordCheck(rules, 'a', 'other', check(false))).toEqual({ ok: false });
    clock.advance(60_000);
    expect(await limits.guardPasswordCheck(rules, 'a', 'share', check(true))).toEqual({ ok: true });
  });

  it('guardPasswordCheck: guesses sent at the same moment are charged before hashing, so no more than the limit are checked', async () => {
    const rules = passwordRules(5, 50, 600);
    let hashes = 0;
    const slowWrong = async () => {
      hashes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { ok: false };
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        limits.guardPasswordCheck(rules, 'a', 'share', slowWrong).catch((err: { code?: string }) => err.code),
      ),
    );
    expect(hashes).toBe(5);
    expect(answers.filter((a) => a === 'RATE_LIMITED')).toHaveLength(25);
    // Right passwords are refunded: ten in a row are never limited (the client's count stays 0).
    const other: PasswordRules = {
      ...rules,
      perClient: { ...rules.perClient, name: 'pw2:ip' },
      perTarget: { ...rules.perTarget, name: 'pw2:target' },
    };
    for (let i = 0; i < 10; i += 1)
      expect(await limits.guardPasswordCheck(other, 'b', 'share', async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('sweeps ended windows', async () => {
    await limits.charge(RULE, 'a');
    clock.advance(30_000);
    await limits.charge(RULE, 'b');
    clock.advance(30_000);
    expect(await limits.sweep()).toBe(1);
    expect((await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['test:b']);
  });
});
