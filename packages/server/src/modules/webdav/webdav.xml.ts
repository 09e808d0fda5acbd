import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * WebDAV's XML in and out. Requests are parsed by fast-xml-parser after guards that keep hostile bodies
 * cheap: a size limit (413), no DOCTYPE at all (so no entity of any kind, internal or external: 400),
 * a nesting limit (400), then well-formedness (400). Namespaces are resolved here (fast-xml-parser keeps
 * prefixes), so properties are compared by `{namespace}local`. Answers are written by `XmlWriter`.
 */

/** Request bodies larger than this are refused (PROPFIND, PROPPATCH and LOCK bodies are small). */
export const MAX_XML_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;

export interface XmlElement {
  ns: string;
  local: string;
  /** Attributes other than namespace declarations, by their name as written. */
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Why a body was refused: `too-large` (413) or `malformed` (400). */
export class XmlBodyError extends Error {
  constructor(readonly reason: 'too-large' | 'malformed') {
    super(reason);
  }
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
});

/** The deepest element nesting of `xml`, counted cheaply before any parser sees it. */
function nestingDepth(xml: string): number {
  let depth = 0;
  let max = 0;
  const tag = /<(\/?)([^\s>/!?][^>]*?)?(\/?)>/g;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[1]) depth -= 1;
    else if (!m[3]) max = Math.max(max, ++depth);
  }
  return max;
}

/**
 * Numeric character references replaced by their characters before parsing (the parser leaves those
 * beyond the BMP as text, e.g. `&#65536;`). Markup characters stay references; an invalid code point is
 * malformed XML.
 */
function decodeCharacterReferences(xml: string): string {
  return xml.replace(/&#(x[0-9a-fA-F]{1,6}|[0-9]{1,7});/g, (ref, code: string) => {
    const point = code.startsWith('x') ? parseInt(code.slice(1), 16) : Number(code);
    if (point > 0x10ffff || point === 0 || (point >= 0xd800 && point <= 0xdfff)) throw new XmlBodyError('malformed');
    const ch = String.fromCodePoint(point);
    return '<&"\''.includes(ch) ? ref : ch;
  });
}

type Raw = Record<string, unknown>;

function toElement(raw: Raw, scope: Map<string, string>): XmlElement {
  const name = Object.keys(raw).find((k) => k !== ':@')!;
  const attrsIn = (raw[':@'] ?? {}) as Record<string, string>;
  const inner = new Map(scope);
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrsIn)) {
    if (key === 'xmlns') inner.set('', value);
    else if (key.startsWith('xmlns:')) {
      // XML Namespaces 1.0: a prefix cannot be bound to the empty name.
      if (value === '') throw new XmlBodyError('malformed');
      inner.set(key.slice(6), value);
    } else attrs[key] = value;
  }
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon);
  const ns = inner.get(prefix);
  if (ns === undefined && prefix !== '') throw new XmlBodyError('malformed');
  const children: XmlNode[] = [];
  for (const child of (raw[name] ?? []) as Raw[]) {
    if ('#text' in child) children.push(String(child['#text']));
    else children.push(toElement(child, inner));
  }
  return { ns: ns ?? '', local: colon < 0 ? name : name.slice(colon + 1), attrs, children };
}

/** The document element of a request body, or null for an empty body. Throws XmlBodyError. */
export function parseXml(body: Buffer): XmlElement | null {
  if (body.length > MAX_XML_BYTES) throw new XmlBodyError('too-large');
  const text = body.toString('utf8');
  if (text.trim() === '') return null;
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlBodyError('malformed');
  if (nestingDepth(text) > MAX_DEPTH) throw new XmlBodyError('malformed');
  if (XMLValidator.validate(text) !== true) throw new XmlBodyError('malformed');
  const decoded = decodeCharacterReferences(text);
  let parsed: Raw[];
  try {
    parsed = parser.parse(decoded) as Raw[];
  } catch {
    throw new XmlBodyError('malformed');
  }
  const root = parsed.find((node) => !('#text' in node));
  if (!root) throw new XmlBodyError('malformed');
  return toElement(root, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]));
}

/** Child elements of `el`, optionally only those in the DAV: namespace with the given local name. */
export function elements(el: XmlElement, local?: string): XmlElement[] {
  return el.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (local === undefined || (c.ns === 'DAV:' && c.local === local)),
  );
}

export function isDav(el: XmlElement, local: string): boolean {
  return el.ns === 'DAV:' && el.local === local;
}

/** The text content of an element (its text children joined). */
export function textOf(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/**
 * Escapes element content: only `&`, `<` and `>` (quotes mean themselves outside attributes), so an ETag's
 * quotes are written as they are, as Apache's mod_dav writes them.
 */
export function escapeText(value: string): string {
  if (!/[&<>]/.test(value)) return value;
  return value.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function escapeXml(value: string): string {
  // Most names and etags need nothing: a test is far cheaper than a replace with a callback.
  if (!/[&<>"']/.test(value)) return value;
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * An element and its content as self-contained XML: every element carries its own default-namespace
 * declaration, so a dead property's value reads the same whatever prefixes the answer uses.
 */
export function serializeNode(node: XmlNode): string {
  if (typeof node === 'string') return escapeXml(node);
  const attrs = Object.entries(node.attrs)
    .filter(([k]) => !k.includes(':') || k.startsWith('xml:'))
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  const open = `${node.local} xmlns="${escapeXml(node.ns)}"${attrs}`;
  if (node.children.length === 0) return `<${open}/>`;
  return `<${open}>${node.children.map(serializeNode).join('')}</${node.local}>`;
}

/** A property name as stored and compared: `{namespace}local`. */
export function propKey(ns: string, local: string): string {
  return `{${ns}}${local}`;
}

export function splitPropKey(key: string): { ns: string; local: string } {
  const end = key.indexOf('}');
  return { ns: key.slice(1, end), local: key.slice(end + 1) };
}

/** A property element written with its own namespace (DAV: ones with the `D:` prefix of the answer). */
export function propElement(ns: string, local: string, inner: string | null): string {
  const open = ns === 'DAV:' ? `D:${local}` : ns === '' ? `${local} xmlns=""` : `x:${local} xmlns:x="${escapeXml(ns)}"`;
  const close = ns === 'DAV:' ? `D:${local}` : ns === '' ? local : `x:${local}`;
  return inner === null || inner === '' ? `<${open}/>` : `<${open}>${inner}</${close}>`;
}

export const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';
