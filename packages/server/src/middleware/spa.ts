import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { normalizePath } from '@driftbox/contract';
import type { Context, Handler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { firstViewOf, withFirstView, type FirstViewSources } from './first-view.js';
import { htmlLanguage, indexHtmlIn } from './html-lang.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Vite puts content-hashed files under /assets: safe to cache forever. Everything else revalidates. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export const NOT_BUILT_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Driftbox</title></head>' +
  '<body><h1>Driftbox</h1><p>The web app is not built. Run <code>npm run build</code> and restart the server.</p>' +
  '<p>The API is available under <code>/api</code>.</p></body></html>';

async function fileStat(file: string): Promise<Stats | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/**
 * Codings in the server's order of preference, with the suffix of the precompressed copy the web build
 * writes beside each text asset (packages/web/precompress.ts decides which files get one).
 */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** Whether an `Accept-Encoding` header accepts `coding` (named or `*`, with a q-value above 0). */
function acceptsEncoding(header: string | undefined, coding: string): boolean {
  let accepted = false;
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (name !== coding && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    // An explicit entry for the coding wins over `*`.
    if (name === coding) return weight > 0;
    accepted = weight > 0;
  }
  return accepted;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page made for this request (a first view, another language's copy) in the coding the client prefers, as the
 * built files have theirs: a paste's first view is mostly text (issue 30). Brotli at a fast quality: made per request.
 */
async function encodedPage(html: string, coding: Coding | undefined): Promise<Buffer> {
  const body = Buffer.from(html, 'utf8');
  if (coding === 'br') {
    const params = { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
    return brotli(body, { params });
  }
  return coding === 'gzip' ? gzipped(body) : body;
}

type Coding = (typeof ENCODINGS)[number]['coding'];

/** The first of the server's codings the client accepts, if any. */
function preferredCoding(c: Context<AppEnv>): Coding | undefined {
  return ENCODINGS.find(({ coding }) => acceptsEncoding(c.req.header('accept-encoding'), coding))?.coding;
}

/** `html` answered with `headers`, in `coding` (the client's preferred one). */
async function sendPage(
  c: Context<AppEnv>,
  html: string,
  coding: Coding | undefined,
  headers: Record<string, string>,
): Promise<Response> {
  const body = await encodedPage(html, coding);
  const encoding: Record<string, string> = coding ? { 'Content-Encoding': coding } : {};
  return c.body(new Uint8Array(body), 200, { ...headers, ...encoding, 'Content-Type': CONTENT_TYPES['.html']! });
}

/** The precompressed copy of `file` the client accepts, if the build wrote one. */
async function encodedCopy(
  c: Context<AppEnv>,
  file: string,
): Promise<{ coding: string; file: string; info: Stats } | null> {
  const header = c.req.header('accept-encoding');
  for (const { coding, suffix } of ENCODINGS) {
    if (!acceptsEncoding(header, coding)) continue;
    const info = await fileStat(file + suffix);
    if (info) return { coding, file: file + suffix, info };
  }
  return null;
}

async function send(
  c: Context<AppEnv>,
  file: string,
  original: Stats,
  cacheControl: string,
  vary = 'Accept-Encoding',
): Promise<Response> {
  const copy = await encodedCopy(c, file);
  const info = copy?.info ?? original;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${copy ? `-${copy.coding}` : ''}"`;
  // Vary: caches must keep the compressed and plain answers apart.
  const headers: Record<string, string> = { 'Cache-Control': cacheControl, ETag: etag, Vary: vary };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  headers['Content-Type'] = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  headers['Content-Length'] = String(info.size);
  if (copy) headers['Content-Encoding'] = copy.coding;
  // Streamed, never buffered whole (ARCHITECTURE §6).
  const body = Readable.toWeb(createReadStream(copy?.file ?? file)) as ReadableStream<Uint8Array>;
  return c.body(body, 200, headers);
}

/** Maps a URL path to a file inside `root`, or null when it would leave it or is not a plain path. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const normalized = normalizePath(decoded);
  if (!normalized.ok) return null;
  const file = path.join(root, normalized.path);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * Serves the built web app from `webDist`: real files as they are, missing `/assets/*` as 404 (so a
 * stale script URL never gets HTML), and index.html for every other GET so client routes load.
 * Without a build, a small page says how to make one.
 */
export function spa(webDist: string, options: { firstView?: FirstViewSources } = {}): Handler<AppEnv> {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  return async function spaHandler(c) {
    const file = resolveInside(root, c.req.path);
    const info = file ? await fileStat(file) : null;
    if (file && info) return send(c, file, info, c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    const index = await fileStat(indexFile);
    if (!index) return c.html(NOT_BUILT_HTML, 503, { 'Cache-Control': 'no-store' });
    return sendIndex(c, indexFile, index, options.firstView);
  };
}

/**
 * The page's language depends on the request (html-lang.ts): the built file for English, else a rewritten copy. A
 * public page with a first view (first-view.ts) gets it in its copy, which has no ETag (the share may change).
 */
async function sendIndex(
  c: Context<AppEnv>,
  file: string,
  info: Stats,
  firstView: FirstViewSources | undefined,
): Promise<Response> {
  const vary = 'Accept-Encoding, Accept-Language, Cookie';
  const lang = htmlLanguage(c);
  // A failed lookup leaves the page to the app, which reads the paste itself and shows what went wrong.
  const markup = firstView ? await firstViewOf(c, firstView).catch(() => undefined) : undefined;
  if (markup !== undefined) {
    const html = withFirstView(await indexHtmlIn(file, info, lang), markup);
    return sendPage(c, html, preferredCoding(c), { 'Cache-Control': REVALIDATE, Vary: vary });
  }
  if (lang === 'en') return send(c, file, info, REVALIDATE, vary);
  const html = await indexHtmlIn(file, info, lang);
  // Per coding, as the built files' tags are (caches keep each coding apart).
  const coding = preferredCoding(c);
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${lang}${coding ? `-${coding}` : ''}"`;
  const headers: Record<string, string> = { 'Cache-Control': REVALIDATE, ETag: etag, Vary: vary };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return sendPage(c, html, coding, headers);
}
