import { parentPath } from '@driftbox/contract';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../lib/auth/actor.js';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import { escapeXml } from './webdav.xml.js';
import type { LockRow, WebdavRepository } from './webdav.repository.js';
import { hrefOf } from './webdav.resources.js';

/** Lock timeouts: the default when the client names none, and the longest granted. */
export const DEFAULT_LOCK_SECONDS = 600;
export const MAX_LOCK_SECONDS = 7 * 24 * 3600;

/** Who holds a lock: the caller that took it (its token only counts when the same caller submits it). */
export function principalOf(actor: Actor): string {
  return actor.type === 'admin' ? `admin:${actor.id}` : actor.type === 'apikey' ? `apikey:${actor.id}` : 'anonymous';
}

/** The Timeout header's first acceptable value (`Second-n` or `Infinite`), capped; default otherwise. */
export function parseTimeout(header: string | undefined): number {
  for (const part of (header ?? '').split(',')) {
    const value = part.trim();
    if (/^infinite$/i.test(value)) return MAX_LOCK_SECONDS;
    const m = /^second-(\d{1,12})$/i.exec(value);
    if (m) return Math.max(1, Math.min(Number(m[1]), MAX_LOCK_SECONDS));
  }
  return DEFAULT_LOCK_SECONDS;
}

/** Every ancestor of a normalised path, nearest last (`/` first), without the path itself. */
function ancestors(path: string): string[] {
  const out: string[] = [];
  for (let p = path; p !== '/';) {
    p = parentPath(p);
    out.unshift(p);
  }
  return out;
}

/** A lock as lockdiscovery shows it. */
export function activeLockXml(lock: LockRow, now: Date): string {
  const left = Math.max(0, Math.round((Date.parse(lock.expires_at) - now.getTime()) / 1000));
  return (
    '<D:activelock>' +
    '<D:locktype><D:write/></D:locktype>' +
    `<D:lockscope><D:${lock.scope}/></D:lockscope>` +
    `<D:depth>${lock.depth === '0' ? '0' : 'infinity'}</D:depth>` +
    (lock.owner_xml ? `<D:owner>${lock.owner_xml}</D:owner>` : '') +
    `<D:timeout>Second-${left}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(hrefOf(lock.root, false))}</D:href></D:lockroot>` +
    '</D:activelock>'
  );
}

/**
 * Write locks kept in the database (shared by every instance, kept across restarts): which locks cover a
 * path, whether a request submitted what they need (423 otherwise), taking, refreshing and removing them.
 */
export function davLocks(deps: { repo: WebdavRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const now = () => iso(clock.now());

  /** Locks that cover `path`: rooted at it, or depth-infinity locks of an ancestor. */
  async function covering(path: string): Promise<LockRow[]> {
    const rows = await repo.locksAt([...ancestors(path), path], now());
    return rows.filter((l) => l.root === path || l.depth === 'infinity');
  }

  /** True when the caller submitted what the locks need: every exclusive one's token, one shared one's. */
  function satisfied(locks: readonly LockRow[], submitted: ReadonlySet<string>, actor: Actor): boolean {
    const principal = principalOf(actor);
    const holds = (l: LockRow) => submitted.has(l.token) && l.principal === principal;
    const shared = locks.filter((l) => l.scope === 'shared');
    return locks.every((l) => l.scope === 'shared' || holds(l)) && (shared.length === 0 || shared.some(holds));
  }

  return {
    covering,

    /** Lock tokens that apply to `path` (for If-header state conditions). */
    async tokensOf(path: string): Promise<Set<string>> {
      return new Set((await covering(path)).map((l) => l.token));
    },

    /**
     * May the caller change `path`? Its covering locks, with `deep` also every lock below it (DELETE, MOVE,
     * a replaced collection), and with `member` the depth-0 locks of its parent (a new or removed member
     * changes the parent's membership). Returns the path of the first unsatisfied lock, or null.
     */
    async blocked(
      actor: Actor,
      path: string,
      submitted: ReadonlySet<string>,
      options: { deep?: boolean; member?: boolean } = {},
    ): Promise<string | null> {
      const locks = await covering(path);
      if (options.deep) locks.push(...(await repo.locksUnder(path, now())).filter((l) => l.root !== path));
      if (options.member && path !== '/')
        locks.push(...(await repo.locksAt([parentPath(path)], now())).filter((l) => l.depth === '0'));
      if (satisfied(locks, submitted, actor)) return null;
      const by = new Map<string, LockRow[]>();
      for (const l of locks) by.set(l.root, [...(by.get(l.root) ?? []), l]);
      for (const [root, rows] of by) if (!satisfied(rows, submitted, actor)) return root;
      return path;
    },

    /** A new lock, unless a conflicting one exists (returns null then). */
    async create(
      actor: Actor,
      input: {
        root: string;
        depth: '0' | 'infinity';
        scope: 'exclusive' | 'shared';
        ownerXml: string;
        timeout: number;
      },
    ): Promise<LockRow | null> {
      const existing = await covering(input.root);
      if (input.depth === 'infinity')
        existing.push(...(await repo.locksUnder(input.root, now())).filter((l) => l.root !== input.root));
      if (existing.some((l) => l.scope === 'exclusive') || (existing.length > 0 && input.scope === 'exclusive'))
        return null;
      const at = clock.now();
      const row: LockRow = {
        token: `urn:uuid:${randomUUID()}`,
        root: input.root,
        depth: input.depth,
        scope: input.scope,
        owner_xml: input.ownerXml,
        principal: principalOf(actor),
        timeout_seconds: input.timeout,
        expires_at: iso(addMs(at, input.timeout * 1000)),
        created_at: iso(at),
      };
      await repo.deleteExpiredLocks(iso(at));
      await repo.insertLock(row);
      return row;
    },

    /** Refreshes a lock covering `path` that the caller holds; null when there is none. */
    async refresh(actor: Actor, path: string, token: string, timeout: number): Promise<LockRow | null> {
      const lock = (await covering(path)).find((l) => l.token === token && l.principal === principalOf(actor));
      if (!lock) return null;
      const expiresAt = iso(addMs(clock.now(), timeout * 1000));
      await repo.refreshLock(token, timeout, expiresAt);
      return { ...lock, timeout_seconds: timeout, expires_at: expiresAt };
    },

    /** Removes the lock `token` covering `path`: 'ok', 'absent' (409) or 'forbidden' (another principal). */
    async unlock(actor: Actor, path: string, token: string): Promise<'ok' | 'absent' | 'forbidden'> {
      const lock = (await covering(path)).find((l) => l.token === token);
      if (!lock) return 'absent';
      if (lock.principal !== principalOf(actor) && actor.type !== 'admin') return 'forbidden';
      await repo.deleteLock(token);
      return 'ok';
    },

    /** Drops the locks at and below a path that is gone (DELETE, the source of a MOVE). */
    removeUnder(path: string) {
      return repo.deleteLocksUnder(path);
    },
  };
}
export type DavLocks = ReturnType<typeof davLocks>;
