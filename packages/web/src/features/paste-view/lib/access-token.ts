import { z } from 'zod';

/**
 * Access tokens from a password check, kept per tab (sessionStorage) until they expire, so a reload
 * does not ask for the password again. The password itself is never stored.
 */
const Stored = z.object({ token: z.string(), expiresAt: z.string() });

const keyOf = (slug: string) => `driftbox-paste-token:${slug}`;

export function saveAccessToken(slug: string, token: string, expiresAt: string): void {
  try {
    window.sessionStorage.setItem(keyOf(slug), JSON.stringify({ token, expiresAt }));
  } catch {
    // Without storage the visitor simply enters the password again after a reload.
  }
}

/** The stored token for `slug` while it is still valid. */
export function readAccessToken(slug: string, now: number = Date.now()): string | undefined {
  try {
    const parsed = Stored.safeParse(JSON.parse(window.sessionStorage.getItem(keyOf(slug)) ?? 'null'));
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= now) return undefined;
    return parsed.data.token;
  } catch {
    return undefined;
  }
}
