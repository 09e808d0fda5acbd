import type { FilePublicDto } from '@driftbox/contract';
import { accessTokenStore } from '../../../lib/shares/share-access-token';

// A counted view's token is kept for the browser: a reload, a second tab or the link opened again within
// its hour neither counts again nor asks anything. A token the password earned stays with the tab, so
// on a shared computer the next person to open the link is asked for the password again.
const visits = accessTokenStore('file', 'browser');
const unlocked = accessTokenStore('file-unlocked');

export const fileTokens = {
  /** Keeps the token a share's answer carries, where its kind belongs. */
  save(slug: string, file: Pick<FilePublicDto, 'access_token' | 'access_token_expires_at' | 'has_password'>): void {
    if (!file.access_token || !file.access_token_expires_at) return;
    (file.has_password ? unlocked : visits).save(slug, file.access_token, file.access_token_expires_at);
  },
  /** The valid token for `slug`, if this tab or browser has one. */
  read(slug: string): string | undefined {
    return unlocked.read(slug) ?? visits.read(slug);
  },
};
