import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

const SECRET = 'unit-test-master-secret-0123456789abcdef';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(SECRET);

  it('round-trips text and never contains the plaintext', () => {
    const sealed = box.encrypt('my-api-key-value', 'api_keys.key');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('my-api-key-value');
    expect(box.decrypt(sealed, 'api_keys.key')).toBe('my-api-key-value');
  });

  it('uses a fresh IV, so the same plaintext seals differently', () => {
    expect(box.encrypt('x', 'c')).not.toBe(box.encrypt('x', 'c'));
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = box.encrypt('value', 'c');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.decrypt(`v1.${raw.toString('base64url')}`, 'c')).toThrow();
  });

  it('refuses another context and another master secret', () => {
    const sealed = box.encrypt('value', 'api_keys.key');
    expect(() => box.decrypt(sealed, 's3_configs.secret')).toThrow();
    expect(() => createSecretBox(SECRET + 'x').decrypt(sealed, 'api_keys.key')).toThrow();
  });

  it('refuses unknown formats', () => {
    expect(() => box.decrypt('plain', 'c')).toThrow();
    expect(() => box.decrypt('v1.AAAA', 'c')).toThrow();
  });
});
