import { joinPath } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import type { ObjectInfo } from '../../storage/object-store.js';
import { compileTemplate, MultistatusWriter } from './webdav.multistatus.js';
import { fileTemplate, parsePropfind, propfindResponse, type PropRequest } from './webdav.props.js';
import { hrefPrefixOf } from './webdav.resources.js';
import { parseXml } from './webdav.xml.js';

const prop = (body: string): PropRequest => parsePropfind(parseXml(Buffer.from(body)))!;
const REQUESTS: [string, PropRequest][] = [
  ['allprop (empty body)', { kind: 'allprop', include: [] }],
  [
    'allprop with include',
    prop(
      '<D:propfind xmlns:D="DAV:"><D:allprop/><D:include><D:quota-used-bytes/><D:getetag/></D:include></D:propfind>',
    ),
  ],
  [
    "rclone's prop",
    prop(
      '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:displayname/><d:getlastmodified/>' +
        '<d:getcontentlength/><d:resourcetype/><d:getcontenttype/><oc:checksums/><d:quota-available-bytes/></d:prop></d:propfind>',
    ),
  ],
  ['only unknown names', prop('<D:propfind xmlns:D="DAV:"><D:prop><x:a xmlns:x="urn:&amp;é"/></D:prop></D:propfind>')],
];

const NAMES = [
  'object-00001.txt',
  'a & <b>.MD',
  'résumé.pdf',
  'space name',
  '日本語のファイル名.テキスト',
  'emoji-😀.png',
  "it's (1)!~*.tar.gz",
  'no-extension',
  '.dotfile',
  '100%.csv',
  'a#b?c.HTML',
];
const DIRS = ['/', '/local', '/local/a b/é&<c>'];
const info = (name: string, i: number): ObjectInfo => ({
  key: `k/${name}`,
  size: i * 1_000_003,
  etag: i % 3 === 0 ? `"${i.toString(16)}-1f"` : `W/"&<${i}>é"`,
  lastModified: new Date(Date.UTC(2026, 10, 27, 20, i, i) + i * 7),
});

describe('MultistatusWriter.file', () => {
  it.each(REQUESTS)('writes what propfindResponse writes for a plain file: %s', (_what, request) => {
    const now = new Date();
    for (const dir of DIRS) {
      const template = fileTemplate(request, hrefPrefixOf(dir));
      expect(template).not.toBeNull();
      const compiled = compileTemplate(template!);
      const out = new MultistatusWriter();
      let expected = '';
      NAMES.forEach((name, i) => {
        const file = info(name, i);
        out.file(compiled, name, file);
        const r = { path: joinPath(dir, name), collection: false, info: file, dead: new Map(), locks: [] };
        expected += propfindResponse(r, request, now);
      });
      expect(Buffer.concat(out.take()).toString('utf8')).toBe(expected);
    }
  });

  it('keeps every response whole across chunks, and mixes with plain writes', () => {
    const compiled = compileTemplate(fileTemplate({ kind: 'allprop', include: [] }, '/dav/x/')!);
    const out = new MultistatusWriter();
    const long = 'é'.repeat(20_000); // more than a chunk's room once encoded
    let expected = '';
    for (let i = 0; i < 600; i++) {
      const name = i % 100 === 7 ? `${long}${i}` : NAMES[i % NAMES.length]!;
      out.file(compiled, name, info(name, i));
      const r = { path: `/x/${name}`, collection: false, info: info(name, i), dead: new Map(), locks: [] };
      expected += propfindResponse(r, { kind: 'allprop', include: [] }, new Date());
      if (i % 50 === 0) {
        out.write('<!--é-->');
        expected += '<!--é-->';
      }
    }
    const chunks = out.take();
    expect(chunks.length).toBeGreaterThan(3);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
  });

  it('has no template for propname (answered the general way)', () => {
    expect(fileTemplate({ kind: 'propname' }, '/dav/')).toBeNull();
  });
});
