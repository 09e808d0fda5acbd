import { Readable } from 'node:stream';
import { storageToAppError } from '../../storage/http-errors.js';
import { DavError, XML_TYPE, type DavAnswer } from './webdav.answer.js';
import { checkIf, ifListsOf, type DavDeps, type DavRequest } from './webdav.context.js';
import { submittedTokens } from './webdav.if.js';
import { activeLockXml, parseTimeout } from './webdav.locks.js';
import type { LockRow } from './webdav.repository.js';
import { elements, isDav, serializeNode, XML_HEAD, type XmlElement } from './webdav.xml.js';

const rethrow = (err: unknown): never => {
  throw storageToAppError(err);
};

function lockAnswer(lock: LockRow, status: number, now: Date): DavAnswer {
  const body = `${XML_HEAD}<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLockXml(lock, now)}</D:lockdiscovery></D:prop>`;
  return { status, headers: { 'Content-Type': XML_TYPE, 'Lock-Token': `<${lock.token}>` }, body };
}

/**
 * LOCK and UNLOCK (RFC 4918 §9.10, §9.11): exclusive and shared write locks of depth 0 or infinity, kept
 * in the database; a LOCK without a body refreshes the lock its If header names; a LOCK of an unmapped
 * URL creates an empty file (§7.3, no lock-null resources) and answers 201.
 */
export function davLock(deps: DavDeps) {
  const { resources, locks, clock } = deps;

  return {
    async lock(req: DavRequest, body: XmlElement | null): Promise<DavAnswer> {
      const resource = await resources.stat(req.actor, req.rawPath, 'update', true);
      if (resource.kind === 'virtual') throw new DavError(403, 'webdav.notAllowed');
      const timeout = parseTimeout(req.header('timeout'));
      if (!body) {
        const lists = ifListsOf(req);
        const [token] = lists ? [...submittedTokens(lists)] : [];
        if (!lists || token === undefined) throw new DavError(400, 'webdav.badXml');
        await checkIf(deps, req, resource, lists);
        for (const candidate of submittedTokens(lists)) {
          const lock = await locks.refresh(req.actor, resource.path, candidate, timeout);
          if (lock) return lockAnswer(lock, 200, clock.now());
        }
        throw new DavError(412, 'webdav.noLock', 'lock-token-matches-request-uri');
      }
      if (!isDav(body, 'lockinfo')) throw new DavError(400, 'webdav.badXml');
      const scopeEl = elements(body, 'lockscope')[0];
      const scope = scopeEl && elements(scopeEl, 'shared').length > 0 ? 'shared' : 'exclusive';
      if (!scopeEl || (scope === 'exclusive' && elements(scopeEl, 'exclusive').length === 0))
        throw new DavError(400, 'webdav.badXml');
      const owner = elements(body, 'owner')[0];
      const ownerXml = owner ? owner.children.map(serializeNode).join('') : '';
      const depthHeader = (req.header('depth') ?? 'infinity').toLowerCase();
      if (depthHeader !== '0' && depthHeader !== 'infinity') throw new DavError(400, 'webdav.badDepth');
      const depth = resource.kind === 'collection' ? depthHeader : '0';
      if (resource.kind === 'none' && !(await resources.parentIsCollection(req.actor, resource.path, 'upload')))
        throw new DavError(409, 'webdav.noParent');
      const lists = ifListsOf(req);
      if (lists) await checkIf(deps, req, resource, lists);
      const lock = await locks.create(req.actor, { root: resource.path, depth, scope, ownerXml, timeout });
      if (!lock) throw new DavError(423, 'webdav.locked', 'no-conflicting-lock');
      if (resource.kind !== 'none') return lockAnswer(lock, 200, clock.now());
      await resource.target.store
        .put(resource.target.key, Readable.from([]), { contentLength: 0 })
        .catch(async (err: unknown) => {
          await locks.unlock(req.actor, resource.path, lock.token);
          rethrow(err);
        });
      await deps.writes.changed(resource.target.location.mount.id, [resource.path]);
      return lockAnswer(lock, 201, clock.now());
    },

    async unlock(req: DavRequest): Promise<DavAnswer> {
      const token = /^\s*<([^>]+)>\s*$/.exec(req.header('lock-token') ?? '')?.[1];
      if (!token) throw new DavError(400, 'webdav.noLock');
      const resource = await resources.stat(req.actor, req.rawPath, 'update', true);
      const result = await locks.unlock(req.actor, resource.path, token);
      if (result === 'absent') throw new DavError(409, 'webdav.noLock', 'lock-token-matches-request-uri');
      if (result === 'forbidden') throw new DavError(403, 'webdav.noLock');
      return { status: 204, body: null };
    },
  };
}
