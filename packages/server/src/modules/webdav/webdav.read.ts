import { parentPath } from '@driftbox/contract';
import { Readable } from 'node:stream';
import { DavError, XML_TYPE, type DavAnswer } from './webdav.answer.js';
import type { DavDeps, DavRequest } from './webdav.context.js';
import { compileTemplate, MultistatusWriter } from './webdav.multistatus.js';
import {
  fileTemplate,
  needs,
  parsePropfind,
  propfindResponse,
  type Described,
  type PropRequest,
} from './webdav.props.js';
import { asksForQuota, davQuota, quotaOfMembers } from './webdav.quota.js';
import type { LockRow } from './webdav.repository.js';
import { hrefPrefixOf, type Member, type Resource } from './webdav.resources.js';
import { XML_HEAD, type XmlElement } from './webdav.xml.js';

export const DAV_METHODS = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
] as const;

/** What a member without dead properties or locks has (never changed). */
const NO_DEAD: ReadonlyMap<string, string> = new Map<string, string>();
const NO_LOCKS: readonly LockRow[] = [];

const MULTISTATUS_OPEN = `${XML_HEAD}<D:multistatus xmlns:D="DAV:">`;

/** WebDAV's reads: OPTIONS, PROPFIND (Depth 0 and 1), GET and HEAD. */
export function davReads(deps: DavDeps) {
  const { resources, repo, locks, clock } = deps;
  const quotaOf = davQuota(deps.quota);

  async function describe(
    members: readonly Member[],
    parent: string | null,
    request: PropRequest,
    present = { dead: true, locks: true },
  ) {
    const asked = needs(request);
    const need = { dead: asked.dead && present.dead, locks: asked.locks && present.locks };
    const paths = need.dead || need.locks ? members.map((m) => m.path) : [];
    const dead = new Map<string, Map<string, string>>();
    const noDead = new Map<string, string>();
    if (need.dead)
      for (const row of await repo.propertiesOf(paths)) {
        const map = dead.get(row.path) ?? new Map<string, string>();
        map.set(row.name, row.value);
        dead.set(row.path, map);
      }
    const lockRows: LockRow[] = [];
    if (need.locks) {
      // One query for the page: locks rooted at a member, and the parent's deep locks, which cover all.
      const inherited = parent === null ? [] : (await locks.covering(parent)).filter((l) => l.depth === 'infinity');
      lockRows.push(...inherited, ...(await repo.locksAt(paths, clock.now().toISOString())));
    }
    const noLocks: LockRow[] = [];
    // Written out field by field: a spread per member was a tenth of a large PROPFIND's own work.
    return members.map((m): Described => ({
      path: m.path,
      collection: m.collection,
      info: m.info,
      dead: need.dead ? (dead.get(m.path) ?? noDead) : noDead,
      locks:
        lockRows.length === 0
          ? noLocks
          : lockRows.filter((l) => l.root === m.path || (l.depth === 'infinity' && m.path.startsWith(l.root + '/'))),
    }));
  }

  function selfOf(resource: Resource): Member {
    const name = resource.path.slice(resource.path.lastIndexOf('/') + 1);
    if (resource.kind === 'file') return { path: resource.path, name, collection: false, info: resource.info };
    return { path: resource.path, name, collection: true, info: null };
  }

  return {
    /** PROPFIND: Depth 0 or 1 (default 1 here; infinity is refused with propfind-finite-depth). */
    async propfind(req: DavRequest, body: XmlElement | null): Promise<DavAnswer> {
      const depth = (req.header('depth') ?? 'infinity').trim().toLowerCase();
      if (depth === 'infinity') throw new DavError(403, 'webdav.finiteDepth', 'propfind-finite-depth');
      if (depth !== '0' && depth !== '1') throw new DavError(400, 'webdav.badDepth');
      const parsed = parsePropfind(body);
      if (!parsed) throw new DavError(400, 'webdav.badXml');
      const request: PropRequest = parsed;
      const resource = await resources.stat(req.actor, req.rawPath, 'list', true);
      if (resource.kind === 'none') throw new DavError(404, 'webdav.notAllowed');
      const parent = resource.path === '/' ? null : parentPath(resource.path);
      const [self] = await describe([selfOf(resource)], parent, request);
      // The quota (RFC 4331) only when asked for: it costs a statfs or a usage query.
      const quota =
        asksForQuota(request) && resource.kind === 'collection' ? await quotaOf(resource.target.config) : null;
      const quotaFor = quotaOfMembers(resource, quota);
      const now = clock.now();
      const first = MULTISTATUS_OPEN + propfindResponse({ ...self!, quota: quotaFor(self!) }, request, now);
      if (depth === '0' || resource.kind === 'file')
        return { status: 207, headers: { 'Content-Type': XML_TYPE }, body: first + '</D:multistatus>' };
      // Depth 1: streamed a listing page at a time, so a folder of any size answers in flat memory. Two probes
      // first: a folder without dead properties or locks below it needs no per-page queries for them.
      const present = {
        dead: await repo.anyPropertiesUnder(resource.path),
        locks:
          (await repo.locksUnder(resource.path, clock.now().toISOString())).length > 0 ||
          (await locks.covering(resource.path)).some((l) => l.depth === 'infinity'),
      };
      // Without dead properties or locks to look up, the plain files are written by template.
      const asked = needs(request);
      const template =
        (asked.dead && present.dead) || (asked.locks && present.locks)
          ? null
          : fileTemplate(request, hrefPrefixOf(resource.path));
      const files = template && compileTemplate(template);
      const response = (d: Described) => {
        if (quota) d.quota = quotaFor(d);
        return propfindResponse(d, request, now);
      };
      async function* stream() {
        const out = new MultistatusWriter();
        out.write(first);
        for await (const page of resources.members(resource)) {
          if (files)
            for (const m of page) {
              if (m.info && !m.collection) out.file(files, m.name, m.info);
              else out.write(response({ ...m, dead: NO_DEAD, locks: NO_LOCKS }));
            }
          else for (const d of await describe(page, resource.path, request, present)) out.write(response(d));
          yield* out.take();
        }
        out.write('</D:multistatus>');
        yield* out.take();
      }
      return {
        status: 207,
        headers: { 'Content-Type': XML_TYPE },
        body: Readable.from(stream(), { highWaterMark: 1 }),
      };
    },

    /**
     * GET and HEAD of a file: per the mount's `webdav_policy`, `native_proxy` streams it (Range, ETag,
     * Last-Modified, conditional requests), `302_redirect` sends the client to a short-lived link (S3:
     * presigned URL; LOCAL: its signed URL or, on web-proxy mounts, a signed `/api/p` link).
     */
    async get(req: DavRequest, head: boolean): Promise<DavAnswer> {
      const resource = await resources.stat(req.actor, req.rawPath, 'download', true);
      if (resource.kind === 'none') throw new DavError(404, 'webdav.notAllowed');
      if (resource.kind !== 'file') {
        const html = `<!doctype html><title>WebDAV</title><p>${resource.path.replace(/[<&]/g, '')}</p>`;
        return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: head ? null : html };
      }
      const { info } = resource;
      const ifMatch = req.header('if-match');
      if (ifMatch !== undefined && ifMatch.trim() !== '*' && !ifMatch.split(',').some((t) => t.trim() === info.etag))
        throw new DavError(412, 'webdav.preconditionFailed');
      const unmodified = Date.parse(req.header('if-unmodified-since') ?? '');
      if (Number.isFinite(unmodified) && Math.floor(info.lastModified.getTime() / 1000) > Math.floor(unmodified / 1000))
        throw new DavError(412, 'webdav.preconditionFailed');
      if (resource.target.location.mount.webdavPolicy === '302_redirect' && !head) {
        const link = await deps.fsRead.fileLink(req.actor, resource.path, undefined, false);
        const location = link.presignedUrl.startsWith('/') ? req.origin + link.presignedUrl : link.presignedUrl;
        return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' }, body: null };
      }
      const answer = await deps.fsRead.download(req.actor, resource.path, {
        range: req.header('range'),
        ifRange: req.header('if-range'),
        ifNoneMatch: req.header('if-none-match'),
        ifModifiedSince: req.header('if-modified-since'),
        headOnly: head,
      });
      const headers = { ...answer.headers };
      delete headers['Content-Disposition'];
      return { status: answer.status, headers, body: answer.body };
    },
  };
}
export type DavReads = ReturnType<typeof davReads>;
