import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, legacySha256 } from './password.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('legacy SHA-256 hashes from the original product', () => {
  const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });

  it('match the right password and ask to be replaced; never the wrong one', async () => {
    const stored = legacySha256(sha('open sesame').toUpperCase());
    expect(stored).toBe(`legacy-sha256$${sha('open sesame')}`);
    expect(await hasher.check('open sesame', stored)).toEqual({ ok: true, needsRehash: true });
    expect(await hasher.verify('open sesame', stored)).toBe(true);
    expect(await hasher.check('open sesamE', stored)).toEqual({ ok: false, needsRehash: false });
    expect(await hasher.check('密码', legacySha256(sha('密码')))).toEqual({ ok: true, needsRehash: true });
  });

  it('scrypt hashes never need a rehash; bare or malformed hex is not accepted', async () => {
    expect(await hasher.check('pw', await hasher.hash('pw'))).toEqual({ ok: true, needsRehash: false });
    expect(await hasher.verify('pw', sha('pw'))).toBe(false);
    expect(await hasher.verify('pw', `legacy-sha256$${sha('pw').slice(1)}`)).toBe(false);
    expect(await hasher.verify('pw', 'legacy-sha256$zz')).toBe(false);
  });
});
