import { describe, expect, it } from 'vitest';
import { ApiKeyCreateBody } from './api-keys.js';
import { PasteCreateBody } from './pastes.js';

describe("inputs in the forms the original's clients send", () => {
  it('expiries: ISO 8601 with an offset (trimmed), or the original\'s stored "YYYY-MM-DD HH:MM:SS" read as UTC', () => {
    expect(PasteCreateBody.parse({ content: 'x', expiresAt: '2030-05-01 12:30:00' }).expiresAt).toBe(
      '2030-05-01T12:30:00Z',
    );
    expect(PasteCreateBody.parse({ content: 'x', expiresAt: ' 2030-05-01T12:30:00+08:00 ' }).expiresAt).toBe(
      '2030-05-01T12:30:00+08:00',
    );
    expect(ApiKeyCreateBody.parse({ name: 'k', expires_at: '2030-05-01 12:30:00' }).expires_at).toBe(
      '2030-05-01T12:30:00Z',
    );
    expect(ApiKeyCreateBody.parse({ name: 'k', expires_at: 'never' }).expires_at).toBeNull();
    expect(PasteCreateBody.safeParse({ content: 'x', expiresAt: '2030-05-01 12:30' }).success).toBe(false);
  });

  it('flags: booleans, 0/1, or those written as strings', () => {
    expect(ApiKeyCreateBody.parse({ name: 'k', is_guest: '1' }).is_guest).toBe(1);
    expect(ApiKeyCreateBody.parse({ name: 'k', is_guest: 'false' }).is_guest).toBe(0);
    expect(ApiKeyCreateBody.safeParse({ name: 'k', is_guest: 'on' }).success).toBe(false);
  });
});
