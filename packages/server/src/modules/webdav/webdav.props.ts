import type { ObjectInfo } from '../../storage/object-store.js';
import { mimetypeFor } from '../files/files.module.js';
import { activeLockXml } from './webdav.locks.js';
import type { LockRow } from './webdav.repository.js';
import { hrefOf } from './webdav.resources.js';
import { elements, escapeText, isDav, propElement, propKey, splitPropKey, type XmlElement } from './webdav.xml.js';

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

/** What a collection's storage holds and may still take, in bytes (RFC 4331), where known. */
export interface Quota {
  available: number;
  used: number;
}

/** A resource as PROPFIND describes it. */
export interface Described {
  path: string;
  collection: boolean;
  info: ObjectInfo | null;
  /** Dead properties: `{ns}local` → the value's XML. */
  dead: ReadonlyMap<string, string>;
  locks: readonly LockRow[];
  /** The quota of the storage a collection is in (RFC 4331); null where not known. */
  quota?: Quota | null;
}

const D = (local: string) => propKey('DAV:', local);

type Live = (r: Described, name: string, now: Date) => string | undefined;

/**
 * Where a file's value comes from when a PROPFIND writes its members by template (webdav.multistatus.ts): the
 * value functions below compute the same text; a property without a slot is the same for every plain file.
 */
export type FileSlot = 'name' | 'iso' | 'http' | 'size' | 'type' | 'etag';

/** RFC 3339 without milliseconds (a slice for the usual 24-character form; years past 9999 by the pattern). */
function secondsIso(date: Date): string {
  const iso = date.toISOString();
  return iso.length === 24 ? iso.slice(0, 19) + 'Z' : iso.replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Both dates a resource shows, to the second: the last second's strings are kept, as the objects of one folder
 * were mostly written in the same few seconds (a PROPFIND of 10 000 members formatted 20 000 dates).
 */
const lastDates = { second: NaN, iso: '', http: '' };
export function datesOf(date: Date): typeof lastDates {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastDates.second) {
    lastDates.second = second;
    lastDates.iso = secondsIso(date);
    lastDates.http = date.toUTCString();
  }
  return lastDates;
}

/** `getcontenttype` by the name's extension (all it depends on), escaped; a bounded memo. */
const typesByExtension = new Map<string, string>();
/** The last name's extension as written and its type: a folder's files mostly share one (no slice per name). */
const lastType = { written: '', type: '' };
export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const { written } = lastType;
  if (dot >= 0 && name.length - dot - 1 === written.length && name.endsWith(written)) return lastType.type;
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  let type = typesByExtension.get(extension);
  if (type === undefined) {
    if (typesByExtension.size >= 1000) typesByExtension.clear();
    type = escapeText(mimetypeFor(name, undefined));
    typesByExtension.set(extension, type);
  }
  if (dot >= 0) {
    lastType.written = name.slice(dot + 1);
    lastType.type = type;
  }
  return type;
}

const SUPPORTED_LOCK = ['exclusive', 'shared']
  .map((s) => `<D:lockentry><D:lockscope><D:${s}/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>`)
  .join('');

/**
 * Live properties Driftbox computes, in the order allprop lists them: each a value for the resource, or
 * undefined where it has none. A PROPFIND of 10 000 members computes these 10 000 times, so each is a
 * plain function and each element's tags are built once.
 */
const LIVE: [local: string, value: Live, slot?: FileSlot][] = [
  ['resourcetype', (r) => (r.collection ? '<D:collection/>' : '')],
  ['displayname', (_r, name) => escapeText(name), 'name'],
  ['creationdate', (r) => (r.info ? datesOf(r.info.lastModified).iso : undefined), 'iso'],
  ['getlastmodified', (r) => (r.info ? datesOf(r.info.lastModified).http : undefined), 'http'],
  ['getcontentlength', (r) => (!r.collection && r.info ? String(r.info.size) : undefined), 'size'],
  ['getcontenttype', (r, name) => (!r.collection && r.info ? contentTypeOf(name) : undefined), 'type'],
  ['getetag', (r) => (!r.collection && r.info ? escapeText(r.info.etag) : undefined), 'etag'],
  ['supportedlock', () => SUPPORTED_LOCK],
  [
    'lockdiscovery',
    (r, _name, now) => (r.locks.length === 0 ? '' : r.locks.map((l) => activeLockXml(l, now)).join('')),
  ],
];

/** RFC 4331's properties: asked for by name (allprop leaves them out, as the RFC lets servers do). */
const QUOTA: [local: string, value: Live, slot?: FileSlot][] = [
  ['quota-available-bytes', (r) => (r.quota ? String(r.quota.available) : undefined)],
  ['quota-used-bytes', (r) => (r.quota ? String(r.quota.used) : undefined)],
];

interface Prop {
  key: string;
  value: Live;
  slot: FileSlot | undefined;
  empty: string;
  open: string;
  close: string;
}
const propOf = ([local, value, slot]: [string, Live, FileSlot?]): Prop => ({
  key: D(local),
  value,
  slot,
  empty: `<D:${local}/>`,
  open: `<D:${local}>`,
  close: `</D:${local}>`,
});
const LIVE_PROPS = LIVE.map(propOf);
const QUOTA_PROPS = QUOTA.map(propOf);
const COMPUTED = new Map([...LIVE_PROPS, ...QUOTA_PROPS].map((p) => [p.key, p]));

/** The names every resource has computed values for (a PROPPATCH of one of them is refused: 403). */
export const LIVE_NAMES = new Set(COMPUTED.keys());

/** The quota names, for a PROPFIND that must look the quota up. */
export const QUOTA_NAMES = new Set(QUOTA_PROPS.map((p) => p.key));

const withValue = (p: Prop, v: string) => (v === '' ? p.empty : p.open + v + p.close);

function propstat(props: string, status: string): string {
  return `<D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 ${status}</D:status></D:propstat>`;
}

function element(key: string, value: string | null): string {
  const { ns, local } = splitPropKey(key);
  return propElement(ns, local, value);
}

/** One `<D:response>` of a multistatus for a PROPFIND. */
export function propfindResponse(r: Described, request: PropRequest, now: Date): string {
  const name = r.path === '/' ? '' : r.path.slice(r.path.lastIndexOf('/') + 1);
  // hrefOf percent-encodes every segment: nothing in it needs escaping.
  const href = `<D:href>${hrefOf(r.path, r.collection)}</D:href>`;
  if (request.kind === 'propname') {
    const known = [...LIVE_PROPS, ...QUOTA_PROPS].filter((p) => p.value(r, name, now) !== undefined);
    const names = known.map((p) => p.empty).join('') + [...r.dead.keys()].map((k) => element(k, null)).join('');
    return `<D:response>${href}${propstat(names, '200 OK')}</D:response>`;
  }
  if (request.kind === 'allprop') {
    let found = '';
    for (const p of LIVE_PROPS) {
      const v = p.value(r, name, now);
      if (v !== undefined) found += withValue(p, v);
    }
    for (const key of request.include) {
      const p = QUOTA_NAMES.has(key) ? COMPUTED.get(key) : undefined;
      const v = p?.value(r, name, now);
      if (p && v !== undefined) found += withValue(p, v);
    }
    for (const [k, v] of r.dead) found += element(k, v);
    return `<D:response>${href}${propstat(found, '200 OK')}</D:response>`;
  }
  let found = '';
  let missing = '';
  for (const key of request.names) {
    const p = COMPUTED.get(key);
    const computed = p?.value(r, name, now);
    if (p && computed !== undefined) found += withValue(p, computed);
    else if (!p && r.dead.has(key)) found += element(key, r.dead.get(key)!);
    else missing += element(key, null);
  }
  return (
    `<D:response>${href}` +
    (found ? propstat(found, '200 OK') : '') +
    (missing ? propstat(missing, '404 Not Found') : '') +
    '</D:response>'
  );
}

/** A value of a file in a template: its encoded name in the href, or one of its properties. */
export interface TemplateSlot {
  slot: FileSlot | 'href';
}
/** A member's response by template: constant text and the slots of the file's values, in order. */
export type FileTemplate = (string | TemplateSlot)[];

/**
 * The response `propfindResponse` writes for a plain file of a listing — one with no dead properties, no locks
 * and no quota (a listing's files have no quota) — as a template; null for a propname request (never on a hot
 * path). `hrefPrefix`: the listed folder's href, ending with `/`.
 */
export function fileTemplate(request: PropRequest, hrefPrefix: string): FileTemplate | null {
  if (request.kind === 'propname') return null;
  // What a property without a slot shows: the same for every plain file.
  const plain: Described = { path: '/-', collection: false, info: null, dead: new Map(), locks: [] };
  const constant = (p: Prop) => p.value(plain, '-', new Date(0));
  const found: FileTemplate = [];
  const add = (p: Prop, v: string | undefined) => {
    if (p.slot) found.push(p.open, { slot: p.slot }, p.close);
    else if (v !== undefined) found.push(withValue(p, v));
  };
  let missing = '';
  if (request.kind === 'allprop') {
    // The include list only adds quota properties, which a file has not.
    for (const p of LIVE_PROPS) add(p, p.slot ? undefined : constant(p));
  } else {
    for (const key of request.names) {
      const p = COMPUTED.get(key);
      const v = p && !p.slot ? constant(p) : undefined;
      if (p && (p.slot || v !== undefined)) add(p, v);
      else missing += element(key, null);
    }
  }
  return [
    `<D:response><D:href>${hrefPrefix}`,
    { slot: 'href' },
    '</D:href>',
    ...(found.length > 0
      ? ['<D:propstat><D:prop>', ...found, '</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>']
      : []),
    missing ? propstat(missing, '404 Not Found') : '',
    '</D:response>',
  ];
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
  return `<D:response><D:href>${hrefOf(path, collection)}</D:href>${stats}</D:response>`;
}
