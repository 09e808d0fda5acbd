import type { DavAnswer } from './webdav.answer.js';
import type { DavDeps, DavRequest } from './webdav.context.js';
import { davCopyMove } from './webdav.copymove.js';
import { davLock } from './webdav.lock.js';
import { davReads } from './webdav.read.js';
import { davWrites } from './webdav.write.js';

/** The WebDAV methods over the vfs: reads, writes, COPY/MOVE, LOCK/UNLOCK. */
export function createWebdavService(deps: DavDeps) {
  const writes = davWrites(deps);
  return {
    /** OPTIONS: the classes and methods served; the path goes through the vfs like any other. */
    async options(req: DavRequest, allow: string): Promise<DavAnswer> {
      await deps.vfs.resolve(req.actor, req.rawPath, 'list', { encoded: true });
      return {
        status: 200,
        headers: { DAV: '1, 2', Allow: allow, 'MS-Author-Via': 'DAV', 'Content-Length': '0' },
        body: null,
      };
    },
    reads: davReads(deps),
    writes,
    copyMove: davCopyMove(deps, writes),
    lock: davLock(deps),
  };
}
export type WebdavService = ReturnType<typeof createWebdavService>;
