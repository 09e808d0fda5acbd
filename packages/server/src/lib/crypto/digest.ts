import { createHash } from 'node:crypto';

/**
 * SHA-256 hex digest. Admin tokens and API keys are random ≥ 128-bit values, so a plain digest is
 * enough to store them (no salt/stretching needed) and still allows lookup by digest.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
