import { parseVirtualPath } from '@driftbox/contract';
import type { QuotaDeps } from './webdav.quota.js';
import type { Actor } from '../../lib/auth/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { CopyPayload } from '../fs-copy/fs-copy.module.js';
import type { FsReadService, FsStores, FsWriteService, RemovePayload } from '../fs/fs.module.js';
import type { TaskHandler } from '../tasks/tasks.module.js';
import { DavError } from './webdav.answer.js';
import { evaluateIf, IfSyntaxError, parseIf, submittedTokens, type IfList } from './webdav.if.js';
import type { DavLocks } from './webdav.locks.js';
import type { WebdavRepository } from './webdav.repository.js';
import type { DavResources, Resource } from './webdav.resources.js';

/** What the WebDAV methods are built on: the vfs, the fs services, the task handlers, its own tables. */
export interface DavDeps {
  vfs: Vfs;
  stores: FsStores;
  fsRead: FsReadService;
  fsWrite: FsWriteService;
  writes: MountWrites;
  repo: WebdavRepository;
  locks: DavLocks;
  resources: DavResources;
  clock: Clock;
  logger: Logger;
  /** The task engine's handlers, run inside the request: a WebDAV client waits for its COPY or DELETE. */
  copyHandler: TaskHandler<CopyPayload>;
  removeHandler: TaskHandler<RemovePayload>;
  /** `webdav_upload_mode`: 'direct' or 'multipart'. */
  uploadMode(): Promise<string>;
  /** What the quota properties (RFC 4331) are computed from. */
  quota: QuotaDeps;
}

/** A WebDAV request as the methods read it. */
export interface DavRequest {
  /** The caller, its WebDAV bits already translated to the vfs operations' bits. */
  actor: Actor;
  /** The path after `/dav`, still URL-encoded (the vfs decodes it once). */
  rawPath: string;
  header(name: string): string | undefined;
  /** The request's own origin (`http://host:port`), to tell a Destination on this server from another. */
  origin: string;
  signal: AbortSignal;
}

/**
 * The virtual path a `/dav` URL (absolute on this server, or absolute-path) names, still encoded; null
 * for another server or a URL outside `/dav`.
 */
export function davPathOf(url: string, origin: string): { raw: string } | { otherHost: true } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return { otherHost: true };
  const path = parsed.pathname;
  if (path !== '/dav' && !path.startsWith('/dav/')) return null;
  return { raw: path.slice(4) || '/' };
}

/** The If header's lists (null when absent); 400 when malformed. */
export function ifListsOf(req: DavRequest): IfList[] | null {
  const header = req.header('if');
  if (header === undefined) return null;
  try {
    return parseIf(header);
  } catch (err) {
    if (err instanceof IfSyntaxError) throw new DavError(400, 'webdav.badIf');
    throw err;
  }
}

/**
 * The checks before a write (RFC 4918 §10.4, §7): the If header must hold (412), and every lock on the
 * resource must have had its token submitted by its holder (423). `deep`: locks below count too;
 * `member`: the parent's depth-0 locks count (the write adds or removes a member).
 */
export async function checkWrite(
  deps: DavDeps,
  req: DavRequest,
  resource: Resource,
  options: { deep?: boolean; member?: boolean } = {},
): Promise<Set<string>> {
  const lists = ifListsOf(req);
  const submitted = lists ? submittedTokens(lists) : new Set<string>();
  if (lists) await checkIf(deps, req, resource, lists);
  const blocked = await deps.locks.blocked(req.actor, resource.path, submitted, options);
  if (blocked !== null) throw new DavError(423, 'webdav.locked', 'lock-token-submitted');
  return submitted;
}

/** 412 unless the If header holds for the resources it names. */
export async function checkIf(deps: DavDeps, req: DavRequest, resource: Resource, lists: IfList[]): Promise<void> {
  const ok = await evaluateIf(lists, async (tag) => {
    let path = resource.path;
    let current: Resource | null = resource;
    if (tag !== null) {
      const at = davPathOf(tag, req.origin);
      if (!at || !('raw' in at)) return null;
      const parsed = parseVirtualPath(at.raw, { encoded: true });
      if (!parsed.ok) return null;
      path = parsed.path;
      current = path === resource.path ? resource : null;
    }
    if (!current) current = await deps.resources.stat(req.actor, path, 'get').catch(() => null);
    const etag = current?.kind === 'file' ? current.info.etag : null;
    return { tokens: await deps.locks.tokensOf(path), etag };
  });
  if (!ok) throw new DavError(412, 'webdav.preconditionFailed');
}

/**
 * Runs a task handler inside the request (the same code as the queued task, checkpoints kept in memory):
 * resolves with the failed items' count. The request's abort stops it as a cancel would.
 */
export async function runInline<P>(handler: TaskHandler<P>, type: string, payload: P, req: DavRequest) {
  let failures = 0;
  await handler({
    task: {
      id: `webdav-${type}`,
      type,
      status: 'running',
      payload,
      checkpoint: null,
      progressCurrent: 0,
      progressTotal: 0,
      currentFile: null,
      successCount: 0,
      failureCount: 0,
      attempts: 1,
      createdBy: 'webdav',
    },
    signal: req.signal,
    progress: () => {},
    checkpoint: async () => {},
    failItem: async () => {
      failures += 1;
    },
  });
  return failures;
}
