import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the built index.html (issue 30: the theme and the first
 * data requests start before the bundle runs). Hashes, not 'unsafe-inline': a script injected into a page by
 * anyone else still does not run. Read again when the build changes (mtime and size); no build, no hashes.
 */
export function inlineScriptHashes(webDist: string): () => Promise<readonly string[]> {
  const file = path.join(path.resolve(webDist), 'index.html');
  let cached: { mtimeMs: number; size: number; hashes: readonly string[] } | undefined;
  return async () => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return [];
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      cached = { mtimeMs: info.mtimeMs, size: info.size, hashes: scriptHashesOf(await readFile(file, 'utf8')) };
    }
    return cached.hashes;
  };
}

/** `'sha256-…'` of each `<script>` without `src` in `html`, over its exact text (what the browser hashes). */
export function scriptHashesOf(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    // JSON data blocks are never run, so they need no hash.
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
