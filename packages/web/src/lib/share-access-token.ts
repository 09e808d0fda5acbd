import { z } from 'zod';

/**
 * Access tokens from a password check (or a counted view), kept per tab (sessionStorage) until they
 * expire, so a reload does not ask for the password again. A file's reload counts no further view (its
 * token is the visit); a paste's read with a token is a read like any other and is counted, so a
 * paste's last view ends with that page. The password itself is never stored.
 */
const Stored = z.object({ token: z.string(), expiresAt: z.string() });

export interface AccessTokenStore {
  save: (slug: string, token: string, expiresAt: string) => void;
  /** The stored token for `slug` while it is still valid. */
  read: (slug: string, now?: number) => string | undefined;
}

/** A token store for one kind of share (`paste`, `file`), keyed by slug. */
export function accessTokenStore(kind: string): AccessTokenStore {
  const keyOf = (slug: string) => `driftbox-${kind}-token:${slug}`;
  return {
    save(slug, token, expiresAt) {
      try {
        window.sessionStorage.setItem(keyOf(slug), JSON.stringify({ token, expiresAt }));
      } catch {
        // Without storage the visitor simply enters the password again after a reload.
      }
    },
    read(slug, now = Date.now()) {
      try {
        const parsed = Stored.safeParse(JSON.parse(window.sessionStorage.getItem(keyOf(slug)) ?? 'null'));
        if (!parsed.success || Date.parse(parsed.data.expiresAt) <= now) return undefined;
        return parsed.data.token;
      } catch {
        return undefined;
      }
    },
  };
}
