import { accessTokenStore } from '../../../lib/shares/share-access-token';

const store = accessTokenStore('paste');

export function saveAccessToken(slug: string, token: string, expiresAt: string): void {
  store.save(slug, token, expiresAt);
}

/** The stored token for `slug` while it is still valid. */
export function readAccessToken(slug: string, now: number = Date.now()): string | undefined {
  return store.read(slug, now);
}
