import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Authenticated encryption of small secrets at rest (API keys now, storage credentials later). */
export interface SecretBox {
  /** Encrypts `plaintext`; `context` is bound as associated data so a value cannot be moved elsewhere. */
  encrypt(plaintext: string, context: string): string;
  /** Decrypts a value made by `encrypt` with the same context; throws when tampered or mis-keyed. */
  decrypt(sealed: string, context: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM keyed by HKDF-SHA256 of the master secret. Output: `v1.<base64url(iv | tag | ciphertext)>`.
 * A fresh random IV per message; GCM's tag makes tampering fail loudly.
 */
export function createSecretBox(masterSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'driftbox', 'driftbox secret-box v1', 32));
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    decrypt(sealed, context) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('Unsupported sealed value');
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
