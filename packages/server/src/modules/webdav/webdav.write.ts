import { Readable } from 'node:stream';
import { iso } from '../../lib/clock.js';
import { storageToAppError } from '../../storage/http-errors.js';
import type { BodySource } from '../../storage/object-store.js';
import { mimetypeFor } from '../files/files.module.js';
import { REMOVE_TASK } from '../fs/fs.module.js';
import { DavError, XML_TYPE, type DavAnswer } from './webdav.answer.js';
import { checkWrite, runInline, type DavDeps, type DavRequest } from './webdav.context.js';
import { LIVE_NAMES, proppatchResponse } from './webdav.props.js';
import type { Resource } from './webdav.resources.js';
import { elements, isDav, propKey, serializeNode, XML_HEAD, type XmlElement } from './webdav.xml.js';

const rethrow = (err: unknown): never => {
  throw storageToAppError(err);
};

/** The If-Match / If-None-Match preconditions of a write (RFC 9110 §13.1.1, §13.1.2): 412 when they fail. */
export function checkEtags(req: DavRequest, resource: Resource): void {
  const etag = resource.kind === 'file' ? resource.info.etag : null;
  const exists = resource.kind !== 'none';
  const list = (h: string) => h.split(',').map((t) => t.trim().replace(/^W\//, ''));
  const ifMatch = req.header('if-match');
  if (ifMatch !== undefined && !(ifMatch.trim() === '*' ? exists : etag !== null && list(ifMatch).includes(etag)))
    throw new DavError(412, 'webdav.preconditionFailed');
  const ifNoneMatch = req.header('if-none-match');
  if (
    ifNoneMatch !== undefined &&
    (ifNoneMatch.trim() === '*' ? exists : etag !== null && list(ifNoneMatch).includes(etag))
  )
    throw new DavError(412, 'webdav.preconditionFailed');
}

/** WebDAV's simple writes: PUT, MKCOL, DELETE, PROPPATCH. Every path through the vfs; writes reported. */
export function davWrites(deps: DavDeps) {
  const { resources, repo, locks, clock } = deps;

  /** Removes what is at a resource (a file at once, a folder by the `delete` task's handler), with its props and locks. */
  async function removeResource(req: DavRequest, resource: Resource): Promise<void> {
    if (resource.kind === 'file') {
      await resource.target.store.delete([resource.target.key]).catch(rethrow);
      await deps.writes.changed(resource.target.location.mount.id, [resource.path]);
    } else if (resource.kind === 'collection') {
      if (resource.target.key === '' || resource.children.length > 0) throw new DavError(403, 'webdav.notAllowed');
      const failed = await runInline(deps.removeHandler, REMOVE_TASK, { items: [{ path: resource.path }] }, req);
      if (failed > 0) throw new DavError(500, 'webdav.partial');
    } else return;
    await repo.deletePropertiesUnder(resource.path);
    await locks.removeUnder(resource.path);
  }

  return {
    removeResource,

    /** PUT: the body streamed into storage (chunked or with a length, zero bytes allowed); 201 new, 204 replaced. */
    async put(req: DavRequest, body: BodySource | null): Promise<DavAnswer> {
      const resource = await resources.stat(req.actor, req.rawPath, 'upload', true);
      if (resource.kind === 'virtual' || resource.kind === 'collection') throw new DavError(405, 'webdav.notAllowed');
      if (resource.kind === 'none' && !(await resources.parentIsCollection(req.actor, resource.path, 'upload')))
        throw new DavError(409, 'webdav.noParent');
      checkEtags(req, resource);
      await checkWrite(deps, req, resource, { member: resource.kind === 'none' });
      const declared = req.header('content-length');
      const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
      const chunked = /chunked/i.test(req.header('transfer-encoding') ?? '');
      const name = resource.path.slice(resource.path.lastIndexOf('/') + 1);
      // `direct`: one write of the declared length; `multipart` (and any chunked body): the driver's streamed
      // write of unknown length (S3: multipart parts as the body arrives).
      const oneWrite =
        !chunked && length !== undefined && ((await deps.uploadMode()) === 'direct' || length < 64 << 20);
      const source: BodySource = body ?? Readable.from([]);
      const info = await resource.target.store
        .put(resource.target.key, source, {
          ...(oneWrite || length === 0 ? { contentLength: length } : {}),
          contentType: mimetypeFor(name, req.header('content-type')),
        })
        .catch(rethrow);
      await deps.writes.changed(resource.target.location.mount.id, [resource.path]);
      return { status: resource.kind === 'none' ? 201 : 204, headers: { ETag: info.etag }, body: null };
    },

    /** MKCOL: 201; 405 when something exists; 409 without a parent collection; 415 with a body. */
    async mkcol(req: DavRequest, hasBody: boolean): Promise<DavAnswer> {
      if (hasBody) throw new DavError(415, 'webdav.mediaType');
      const resource = await resources.stat(req.actor, req.rawPath, 'mkdir', true);
      if (resource.kind !== 'none') throw new DavError(405, 'webdav.exists');
      if (!(await resources.parentIsCollection(req.actor, resource.path, 'mkdir')))
        throw new DavError(409, 'webdav.noParent');
      await checkWrite(deps, req, resource, { member: true });
      await deps.fsWrite.mkdir(req.actor, resource.path);
      return { status: 201, body: null };
    },

    /** DELETE of a file or a folder (the whole tree, through the `delete` task's handler). */
    async delete(req: DavRequest): Promise<DavAnswer> {
      const resource = await resources.stat(req.actor, req.rawPath, 'delete', true);
      if (resource.kind === 'none') throw new DavError(404, 'webdav.notAllowed');
      if (resource.kind === 'virtual') throw new DavError(403, 'webdav.notAllowed');
      const depth = req.header('depth');
      if (resource.kind === 'collection' && depth !== undefined && depth.toLowerCase() !== 'infinity')
        throw new DavError(400, 'webdav.badDepth');
      checkEtags(req, resource);
      await checkWrite(deps, req, resource, { deep: true, member: true });
      await removeResource(req, resource);
      return { status: 204, body: null };
    },

    /** PROPPATCH: dead properties set and removed in document order, all or nothing (live ones are 403). */
    async proppatch(req: DavRequest, root: XmlElement | null): Promise<DavAnswer> {
      if (!root || !isDav(root, 'propertyupdate')) throw new DavError(400, 'webdav.badXml');
      const resource = await resources.stat(req.actor, req.rawPath, 'update', true);
      if (resource.kind === 'none') throw new DavError(404, 'webdav.notAllowed');
      if (resource.kind === 'virtual') throw new DavError(403, 'webdav.notAllowed');
      await checkWrite(deps, req, resource);
      const changes: { name: string; value: string | null }[] = [];
      for (const op of elements(root)) {
        const remove = isDav(op, 'remove');
        if (!remove && !isDav(op, 'set')) continue;
        for (const prop of elements(op, 'prop'))
          for (const p of elements(prop))
            changes.push({
              name: propKey(p.ns, p.local),
              value: remove ? null : p.children.map(serializeNode).join(''),
            });
      }
      const refused = changes.some((c) => LIVE_NAMES.has(c.name));
      const results = changes.map((c) => ({
        key: c.name,
        status: !refused ? '200 OK' : LIVE_NAMES.has(c.name) ? '403 Forbidden' : '424 Failed Dependency',
      }));
      if (!refused) await repo.patchProperties(resource.path, changes, iso(clock.now()));
      const body = `${XML_HEAD}<D:multistatus xmlns:D="DAV:">${proppatchResponse(resource.path, resource.kind === 'collection', results)}</D:multistatus>`;
      return { status: 207, headers: { 'Content-Type': XML_TYPE }, body };
    },
  };
}
export type DavWrites = ReturnType<typeof davWrites>;
