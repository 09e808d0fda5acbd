import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import type { Clock } from '../../lib/clock.js';
import { expiringSign, type SignCheck } from '../../lib/crypto/expiring-sign.js';
import type { Mac } from '../../lib/crypto/mac.js';
import { creatorOf } from '../shares/share-rules.js';

/** The HMAC purpose of archive download links: a signature made for anything else is worthless here. */
const PURPOSE = 'fs-archive-download';
/** How long a download link lives: the browser opens it at once; the download itself may last longer. */
export const ARCHIVE_LINK_SECONDS = 120;

/**
 * Short-lived signed links to a built archive, so a browser downloads it by navigation (a link cannot
 * carry the Authorization header, and fetching the body into a Blob would hold the whole ZIP in memory).
 * The HMAC (lib/crypto/mac.ts, constant-time check) covers the task id, the caller who asked (`by`, the
 * creator id of tasks: an admin's id or `apikey:<id>`) and the expiry; `sign=<mac>:<expiry unix seconds>`
 * as the proxy links spell it.
 */
export function archiveLinks(deps: { mac: Mac; clock: Clock }) {
  const signs = expiringSign(deps.mac, PURPOSE);
  const message = (id: string, by: string) => (expiry: number) => `${id}\n${by}\n${expiry}`;
  return {
    /** `/api/fs/archive-download/<id>?by=…&sign=…` for `caller`, valid ARCHIVE_LINK_SECONDS. */
    sign(caller: AdminActor | ApiKeyActor, id: string): { url: string; expiresAt: Date } {
      const by = creatorOf(caller);
      const expiresAt = new Date(deps.clock.now().getTime() + ARCHIVE_LINK_SECONDS * 1000);
      const query = `by=${encodeURIComponent(by)}&sign=${signs.sign(message(id, by), expiresAt)}`;
      return { url: `/api/fs/archive-download/${encodeURIComponent(id)}?${query}`, expiresAt };
    },

    /** Whether `sign` is a live signature of `id` for `by` (an expired one is told apart). */
    verify(id: string, by: string | undefined, sign: string | undefined): SignCheck {
      return by ? signs.check(message(id, by), sign, deps.clock.now()) : 'bad';
    },
  };
}
export type ArchiveLinks = ReturnType<typeof archiveLinks>;
