import { describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../test/harness.js';
import { expiringSign } from './expiring-sign.js';
import { createMac } from './mac.js';

describe('expiring link signatures', () => {
  const mac = createMac(TEST_SECRET);
  const links = expiringSign(mac, 'test-links');
  const message = (expiry: number) => `/docs/a.txt\n${expiry}`;
  const now = new Date('2026-11-27T12:00:00Z');
  const inAMinute = new Date(now.getTime() + 60_000);

  it('accepts its own signature until the expiry, then tells expired apart from forged', () => {
    const sign = links.sign(message, inAMinute);
    expect(sign).toMatch(/^[A-Za-z0-9_-]{43}:\d+$/);
    expect(links.check(message, sign, now)).toBe('ok');
    expect(links.check(message, sign, new Date(inAMinute.getTime() + 1000))).toBe('expired');
  });

  it('refuses an edited expiry, another message, another purpose and malformed values', () => {
    const [signature, expiry] = links.sign(message, inAMinute).split(':');
    expect(links.check(message, `${signature}:${Number(expiry) + 3600}`, now)).toBe('bad');
    expect(links.check(message, `${signature}:0`, now)).toBe('bad');
    expect(links.check((e) => `/docs/b.txt\n${e}`, `${signature}:${expiry}`, now)).toBe('bad');
    const other = expiringSign(mac, 'other-links').sign(message, inAMinute);
    expect(links.check(message, other, now)).toBe('bad');
    for (const bad of [undefined, '', 'abc', `${signature}:`, `:${expiry}`, `${signature}:-1`, `${signature}+:1`])
      expect(links.check(message, bad, now), String(bad)).toBe('bad');
  });

  it('signs "never" as expiry 0, which never expires', () => {
    const sign = links.sign(message, null);
    expect(sign.endsWith(':0')).toBe(true);
    expect(links.check(message, sign, new Date('2100-01-01T00:00:00Z'))).toBe('ok');
  });
});
