import type { ObjectInfo } from '../../storage/object-store.js';
import { mimetypeFor } from '../files/files.module.js';
import { activeLockXml } from './webdav.locks.js';
import type { LockRow } from './webdav.repository.js';
import { hrefOf } from './webdav.resources.js';
import { elements, escapeXml, isDav, propElement, propKey, splitPropKey, type XmlElement } from './webdav.xml.js';

/** What a PROPFIND asks for (RFC 4918 §9.1): all properties, their names, or the named ones. */
export type PropRequest =
  { kind: 'allprop'; include: string[] } | { kind: 'propname' } | { kind: 'prop'; names: string[] };

/** Parses a PROPFIND body (an empty body is allprop); null for one that is not a propfind. */
export function parsePropfind(root: XmlElement | null): PropRequest | null {
  if (!root) return { kind: 'allprop', include: [] };
  if (!isDav(root, 'propfind')) return null;
  const [first] = elements(root);
  if (!first) return null;
  if (isDav(first, 'propname')) return { kind: 'propname' };
  const namesOf = (el: XmlElement) => elements(el).map((p) => propKey(p.ns, p.local));
  if (isDav(first, 'allprop')) {
    const include = elements(root, 'include')[0];
    return { kind: 'allprop', include: include ? namesOf(include) : [] };
  }
  if (isDav(first, 'prop')) return { kind: 'prop', names: namesOf(first) };
  return null;
}

/** A resource as PROPFIND describes it. */
export interface Described {
  path: string;
  collection: boolean;
  info: ObjectInfo | null;
  /** Dead properties: `{ns}local` → the value's XML. */
  dead: Map<string, string>;
  locks: LockRow[];
}

const D = (local: string) => propKey('DAV:', local);

/** Live properties Driftbox computes, for a file or a collection. */
function liveProps(r: Described, now: Date): Map<string, string> {
  const live = new Map<string, string>();
  const name = r.path === '/' ? '' : r.path.slice(r.path.lastIndexOf('/') + 1);
  live.set(D('resourcetype'), r.collection ? '<D:collection/>' : '');
  live.set(D('displayname'), escapeXml(name));
  if (r.info) {
    live.set(D('creationdate'), r.info.lastModified.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    live.set(D('getlastmodified'), r.info.lastModified.toUTCString());
  }
  if (!r.collection && r.info) {
    live.set(D('getcontentlength'), String(r.info.size));
    live.set(D('getcontenttype'), escapeXml(mimetypeFor(name, undefined)));
    live.set(D('getetag'), escapeXml(r.info.etag));
  }
  live.set(
    D('supportedlock'),
    ['exclusive', 'shared']
      .map((s) => `<D:lockentry><D:lockscope><D:${s}/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>`)
      .join(''),
  );
  live.set(D('lockdiscovery'), r.locks.map((l) => activeLockXml(l, now)).join(''));
  return live;
}

/** The names every resource has computed values for (a PROPPATCH of one of them is refused: 403). */
export const LIVE_NAMES = new Set(
  [
    'resourcetype',
    'displayname',
    'creationdate',
    'getlastmodified',
    'getcontentlength',
    'getcontenttype',
    'getetag',
    'supportedlock',
    'lockdiscovery',
  ].map(D),
);

function propstat(props: string, status: string): string {
  return `<D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 ${status}</D:status></D:propstat>`;
}

function element(key: string, value: string | null): string {
  const { ns, local } = splitPropKey(key);
  return propElement(ns, local, value);
}

/** One `<D:response>` of a multistatus for a PROPFIND. */
export function propfindResponse(r: Described, request: PropRequest, now: Date): string {
  const live = liveProps(r, now);
  const href = `<D:href>${escapeXml(hrefOf(r.path, r.collection))}</D:href>`;
  if (request.kind === 'propname') {
    const names = [...live.keys(), ...r.dead.keys()].map((k) => element(k, null)).join('');
    return `<D:response>${href}${propstat(names, '200 OK')}</D:response>`;
  }
  if (request.kind === 'allprop') {
    const found = [...live, ...r.dead].map(([k, v]) => element(k, v)).join('');
    return `<D:response>${href}${propstat(found, '200 OK')}</D:response>`;
  }
  let found = '';
  let missing = '';
  for (const key of request.names) {
    const value = live.get(key) ?? r.dead.get(key);
    if (value === undefined) missing += element(key, null);
    else found += element(key, value);
  }
  return (
    `<D:response>${href}` +
    (found ? propstat(found, '200 OK') : '') +
    (missing ? propstat(missing, '404 Not Found') : '') +
    '</D:response>'
  );
}

/** Whether answering `request` needs the dead properties or the locks of the resources. */
export function needs(request: PropRequest): { dead: boolean; locks: boolean } {
  if (request.kind !== 'prop') return { dead: true, locks: request.kind === 'allprop' };
  return {
    dead: request.names.some((n) => !LIVE_NAMES.has(n)),
    locks: request.names.includes(D('lockdiscovery')),
  };
}

/** The multistatus of a PROPPATCH: every property with its status (all 200, or 403/424 when one failed). */
export function proppatchResponse(path: string, collection: boolean, results: { key: string; status: string }[]) {
  const byStatus = new Map<string, string>();
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? '') + element(r.key, null));
  const stats = [...byStatus].map(([status, props]) => propstat(props, status)).join('');
  return `<D:response><D:href>${escapeXml(hrefOf(path, collection))}</D:href>${stats}</D:response>`;
}
