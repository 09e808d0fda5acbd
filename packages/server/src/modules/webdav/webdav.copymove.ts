import { Readable } from 'node:stream';
import { iso } from '../../lib/clock.js';
import { isWithin } from '../../vfs/authorize.js';
import { storageToAppError } from '../../storage/http-errors.js';
import { COPY_TASK } from '../fs-copy/fs-copy.module.js';
import { FOLDER_MARKER } from '../fs/fs.module.js';
import { DavError, type DavAnswer } from './webdav.answer.js';
import { checkWrite, davPathOf, runInline, type DavDeps, type DavRequest } from './webdav.context.js';
import type { Resource } from './webdav.resources.js';
import type { DavWrites } from './webdav.write.js';

const rethrow = (err: unknown): never => {
  throw storageToAppError(err);
};

/**
 * COPY and MOVE (RFC 4918 §9.8, §9.9). The Destination is resolved through the vfs like any request path
 * (so it can never leave the caller's base path: 403), must be on this server under /dav (another host:
 * 502), and `Overwrite: F` keeps what is there (412). Files and folders are copied by the `copy` task's
 * handler (folders page by page); a MOVE inside one mount is the fs rename (ObjectStore.move per key),
 * across mounts a copy and a delete. Dead properties follow; locks stay with the source path and go.
 */
export function davCopyMove(deps: DavDeps, writes: DavWrites) {
  const { resources, repo, clock } = deps;

  async function destinationOf(req: DavRequest, op: 'copy' | 'rename'): Promise<Resource> {
    const header = req.header('destination');
    if (!header) throw new DavError(400, 'webdav.badDestination');
    const at = davPathOf(header, req.origin);
    if (at === null) throw new DavError(403, 'webdav.badDestination');
    if ('otherHost' in at) throw new DavError(502, 'webdav.otherHost');
    return resources.stat(req.actor, at.raw, op, true);
  }

  async function transfer(req: DavRequest, move: boolean): Promise<DavAnswer> {
    const op = move ? 'rename' : 'copy';
    const source = await resources.stat(req.actor, req.rawPath, move ? 'rename' : 'copy', true);
    if (source.kind === 'none') throw new DavError(404, 'webdav.notAllowed');
    if (source.kind === 'virtual' || (source.kind === 'collection' && source.target.key === ''))
      throw new DavError(403, 'webdav.notAllowed');
    const depth = (req.header('depth') ?? 'infinity').toLowerCase();
    if (depth !== 'infinity' && (move || depth !== '0')) throw new DavError(400, 'webdav.badDepth');
    const dest = await destinationOf(req, op);
    if (dest.kind === 'virtual' || (dest.kind === 'collection' && dest.target.key === ''))
      throw new DavError(403, 'webdav.notAllowed');
    if (isWithin(dest.path, source.path) || isWithin(source.path, dest.path))
      throw new DavError(403, 'webdav.sameResource');
    if (!(await resources.parentIsCollection(req.actor, dest.path, op))) throw new DavError(409, 'webdav.noParent');
    const overwrite = (req.header('overwrite') ?? 'T').trim().toUpperCase() !== 'F';
    if (dest.kind !== 'none' && !overwrite) throw new DavError(412, 'webdav.preconditionFailed');
    if (move) await checkWrite(deps, req, source, { deep: true, member: true });
    await checkWrite(deps, req, dest, { deep: true, member: true });
    const existed = dest.kind !== 'none';
    if (existed) await writes.removeResource(req, dest);

    const collection = source.kind === 'collection';
    const sameMount = source.target.location.mount.id === dest.target.location.mount.id;
    if (move && sameMount) {
      await deps.fsWrite.rename(req.actor, source.path, dest.path);
    } else {
      if (collection) {
        // The destination collection exists even when the source is empty (or the copy is Depth 0).
        const marker = `${dest.target.key}/${FOLDER_MARKER}`;
        await dest.target.store.put(marker, Readable.from([]), { contentLength: 0 }).catch(rethrow);
        await deps.writes.changed(dest.target.location.mount.id, [dest.path]);
      }
      if (!collection || depth === 'infinity') {
        const items = [{ sourcePath: source.path, targetPath: dest.path }];
        const failed = await runInline(deps.copyHandler, COPY_TASK, { items, skipExisting: false }, req);
        if (failed > 0) throw new DavError(500, 'webdav.partial');
      }
      if (move) await writes.removeResource(req, source);
    }
    await repo.relocateProperties(source.path, dest.path, move, iso(clock.now()));
    if (move) await deps.locks.removeUnder(source.path);
    return { status: existed ? 204 : 201, body: null };
  }

  return {
    copy: (req: DavRequest) => transfer(req, false),
    move: (req: DavRequest) => transfer(req, true),
  };
}
