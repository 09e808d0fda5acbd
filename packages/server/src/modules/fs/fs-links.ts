import type { Clock } from '../../lib/clock.js';
import { expiringSign } from '../../lib/crypto/expiring-sign.js';
import type { Mac } from '../../lib/crypto/mac.js';
import type { VfsMount } from '../../vfs/vfs-types.js';
import type { SettingsService } from '../settings/settings.service.js';

/** The HMAC purpose of proxy links: a signature made for anything else is worthless here. */
const PURPOSE = 'fs-proxy-link';

export type Disposition = 'inline' | 'attachment';

/** A virtual path as a URL path under `/api/p`: each segment escaped, the slashes kept. */
export function proxyPath(path: string): string {
  return '/api/p' + path.split('/').map(encodeURIComponent).join('/');
}

/**
 * Signed `/api/p/<path>` links of web-proxy mounts (notes §4.3, without its faults §7.9): the HMAC
 * (lib/crypto/mac.ts, constant-time check) covers the path, the expiry AND the disposition, is base64url,
 * and links expire by default — the mount's `sign_expires`, else the global `proxy_sign_expires`
 * (3600 s by default); 0 ("never") only where an admin chose it. `sign=<mac>:<expiry unix seconds>`
 * as the original spelled it.
 */
export function fsLinks(deps: { mac: Mac; clock: Clock; settings: SettingsService }) {
  const signs = expiringSign(deps.mac, PURPOSE);
  const message = (path: string, disposition: Disposition) => (expiry: number) => `${path}\n${expiry}\n${disposition}`;

  /** Seconds a link of `mount` lives by default (0: never). */
  async function lifetimeOf(mount: VfsMount): Promise<number> {
    if (mount.signExpires !== null) return mount.signExpires;
    return Number(await deps.settings.value('proxy_sign_expires'));
  }

  /** Whether links of `mount` need a signature at all: `proxy_sign_all` or the mount's `enable_sign`. */
  async function signRequired(mount: VfsMount): Promise<boolean> {
    return mount.enableSign || (await deps.settings.value('proxy_sign_all')) === 'true';
  }

  return {
    lifetimeOf,
    signRequired,

    /** A link to `path`; signed when the mount needs it. `lifetime` overrides the default (seconds, 0 = never). */
    async link(
      mount: VfsMount,
      path: string,
      disposition: Disposition,
      lifetime?: number,
    ): Promise<{ url: string; expiresIn: number; expiresAt: Date | null }> {
      const query: string[] = [];
      if (disposition === 'attachment') query.push('download=true');
      const seconds = lifetime ?? (await lifetimeOf(mount));
      const now = deps.clock.now().getTime();
      const expiresAt = seconds === 0 ? null : new Date(now + seconds * 1000);
      if (await signRequired(mount)) query.push(`sign=${signs.sign(message(path, disposition), expiresAt)}`);
      return { url: proxyPath(path) + (query.length ? `?${query.join('&')}` : ''), expiresIn: seconds, expiresAt };
    },

    /** True when `sign` is a live signature of `path` with `disposition` (constant-time comparison). */
    verify(path: string, disposition: Disposition, sign: string | undefined): boolean {
      return signs.check(message(path, disposition), sign, deps.clock.now()) === 'ok';
    },
  };
}
export type FsLinks = ReturnType<typeof fsLinks>;
