import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT, createPasswordHasher } from './password.js';

describe('password hasher', () => {
  const hasher = createPasswordHasher();

  it('produces a self-describing scrypt string with production cost and a 16-byte salt', async () => {
    const hash = await hasher.hash('s3cret-pass');
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', DEFAULT_SCRYPT.N, 8, 1]);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
    expect(hash).not.toContain('s3cret-pass');
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hasher.hash('s3cret-pass');
    expect(await hasher.verify('s3cret-pass', hash)).toBe(true);
    expect(await hasher.verify('s3cret-pasS', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords hash differently', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('verifies hashes made with other parameters (cost can change later)', async () => {
    const cheap = createPasswordHasher({ N: 1024, r: 8, p: 1 });
    expect(await hasher.verify('pw', await cheap.hash('pw'))).toBe(true);
  });

  it('rejects malformed, foreign and absurd-cost hash strings instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
      'scrypt$1024$8$1$$',
      'scrypt$3$8$1$c2FsdA==$a2V5',
      `scrypt$${2 ** 30}$8$1$c2FsdA==$a2V5`,
    ]) {
      expect(await hasher.verify('password', stored)).toBe(false);
    }
    // Within the N limit but costly through r or p (a tampered backup): refused before any work.
    for (const stored of [
      `scrypt$1024$${2 ** 20}$1$c2FsdA==$a2V5`,
      `scrypt$1024$8$${2 ** 20}$c2FsdA==$a2V5`,
      `scrypt$${2 ** 20}$32$1$c2FsdA==$a2V5`,
    ]) {
      expect(await hasher.verify('password', stored)).toBe(false);
    }
  });
});
