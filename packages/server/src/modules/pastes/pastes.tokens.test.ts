import { PASTE_ACCESS_TOKEN_TTL_MS } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { createMac } from '../../lib/crypto/mac.js';
import { TEST_SECRET } from '../../test/harness.js';
import { pasteTokens } from './pastes.tokens.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');
const tokens = pasteTokens(createMac(TEST_SECRET));

describe('paste access tokens', () => {
  it('round-trips the paste id and password version until expiry', () => {
    const { token, expiresAt } = tokens.issue('paste-1', 3, NOW);
    expect(expiresAt).toBe(new Date(NOW.getTime() + PASTE_ACCESS_TOKEN_TTL_MS).toISOString());
    expect(tokens.read(token, NOW)).toEqual({ pasteId: 'paste-1', passwordVersion: 3 });
    expect(tokens.read(token, new Date(NOW.getTime() + PASTE_ACCESS_TOKEN_TTL_MS - 1))).not.toBeNull();
    expect(tokens.read(token, new Date(NOW.getTime() + PASTE_ACCESS_TOKEN_TTL_MS))).toBeNull();
  });

  it('refuses forged, re-signed, foreign and malformed tokens', () => {
    const { token } = tokens.issue('paste-1', 0, NOW);
    const [, signature] = token.split('.');
    const forgedPayload = Buffer.from('paste-2.0.9999999999999').toString('base64url');
    expect(tokens.read(`${forgedPayload}.${signature}`, NOW)).toBeNull();
    const otherKey = pasteTokens(createMac(`${TEST_SECRET}-other`)).issue('paste-1', 0, NOW).token;
    expect(tokens.read(otherKey, NOW)).toBeNull();
    for (const bad of ['', 'a', 'a.b', `${token}.x`, `${token}x`, 'x'.repeat(300)])
      expect(tokens.read(bad, NOW)).toBeNull();
  });
});
