import { z } from 'zod';

/** Checks of single environment values, for `config.ts`. */

export const MIN_SECRET_LENGTH = 32;
const WEAK_SECRET_MARKERS = [
  'default',
  'changeme',
  'change-me',
  'change_me',
  'your-secret',
  'secret-key',
  'secretkey',
  'mysecret',
  'supersecret',
  'example',
  'placeholder',
  'password',
  'cloudpaste',
];
export const WEAK_ADMIN_PASSWORDS = new Set([
  'admin123',
  'password',
  'password1',
  '12345678',
  '123456789',
  'changeme',
  'admin1234',
  'qwertyui',
]);

/** Why a configured encryption secret is too weak, or null when it is acceptable. */
export function secretWeakness(secret: string): string | null {
  if (secret.length < MIN_SECRET_LENGTH) return `must be at least ${MIN_SECRET_LENGTH} characters`;
  const lower = secret.toLowerCase();
  if (WEAK_SECRET_MARKERS.some((m) => lower.includes(m))) return 'looks like a default or example value';
  // Long but trivially guessable: "aaaa…", "abababab…", "1234567890…".
  if (new Set(secret).size < 10) return 'has too few distinct characters';
  return null;
}

/** True for a bare http(s) origin: scheme, host and optional port, nothing else. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** True for a host name or IP address alone (no scheme, port or path). */
export function isHostName(value: string): boolean {
  try {
    return new URL(`http://${value.includes(':') ? `[${value}]` : value}`).hostname.replace(/^\[|\]$/g, '') === value;
  } catch {
    return false;
  }
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  off: false,
};
export const envBoolean = z
  .string()
  .transform((v, ctx) => {
    const value = BOOLEAN_WORDS[v.trim().toLowerCase()];
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    }
    return value;
  })
  .optional();

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|localhost)$/i;

/** True for an address only this machine can reach. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host);
}
