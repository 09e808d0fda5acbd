import { isString, objectCheck, schemaOf } from '../api/checks';

/**
 * Access tokens from a password check (or a counted view), kept until they expire, so a reload does not
 * ask for the password again. A file's token is the visit: kept for the browser (localStorage), so a
 * reload, a second tab or the link clicked again within the token's hour counts no further view. A
 * paste's read with a token is a read like any other and is counted, so a paste's token is kept per tab
 * (sessionStorage) and a paste's last view ends with that page. The password itself is never stored.
 */
interface Stored {
  token: string;
  expiresAt: string;
}
// Checked without zod: a paste's page reads it first (issue 30).
const storedSchema = schemaOf<Stored>(objectCheck<Stored>({ token: isString, expiresAt: isString }));

export interface AccessTokenStore {
  save: (slug: string, token: string, expiresAt: string) => void;
  /** The stored token for `slug` while it is still valid. */
  read: (slug: string, now?: number) => string | undefined;
}

export type TokenScope = 'tab' | 'browser';

/** A token store for one kind of share (`paste`, `file`), keyed by slug. */
export function accessTokenStore(kind: string, scope: TokenScope = 'tab'): AccessTokenStore {
  const prefix = `driftbox-${kind}-token:`;
  const storage = () => (scope === 'browser' ? window.localStorage : window.sessionStorage);
  const validToken = (raw: string | null, now: number): string | undefined => {
    try {
      const parsed = storedSchema.safeParse(JSON.parse(raw ?? 'null'));
      return parsed.success && Date.parse(parsed.data.expiresAt) > now ? parsed.data.token : undefined;
    } catch {
      return undefined;
    }
  };
  /** Expired tokens of this kind are dropped, so a browser-wide store does not grow with every link opened. */
  const prune = (store: Storage, now: number) => {
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const key = store.key(i);
      if (key?.startsWith(prefix) && validToken(store.getItem(key), now) === undefined) store.removeItem(key);
    }
  };
  return {
    save(slug, token, expiresAt) {
      try {
        const store = storage();
        prune(store, Date.now());
        store.setItem(prefix + slug, JSON.stringify({ token, expiresAt }));
      } catch {
        // Without storage the visitor simply enters the password again after a reload.
      }
    },
    read(slug, now = Date.now()) {
      try {
        return validToken(storage().getItem(prefix + slug), now);
      } catch {
        return undefined;
      }
    },
  };
}
