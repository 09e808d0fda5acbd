import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Handler } from 'hono';
import type { AppEnv } from '../app-env.js';

/**
 * The installed app's name is the site title an admin sets (issue 31, spec §1): the web build writes
 * `manifest.webmanifest` with the product name, and this answers it with `name` and `short_name` taken
 * from the `site_title` setting. Platforms read the name at install time; the file is revalidated on
 * every fetch (no-cache + ETag), so a new title reaches new installs at once. Without a build, or with a
 * file that is not a JSON object, the static handler answers as for any other file.
 */
export function webManifest(webDist: string, siteTitle: () => Promise<string>): Handler<AppEnv> {
  const file = path.join(path.resolve(webDist), 'manifest.webmanifest');
  let built: { mtimeMs: number; manifest: Record<string, unknown> | null } | null = null;

  async function readBuilt(): Promise<Record<string, unknown> | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    if (built?.mtimeMs !== info.mtimeMs) {
      let manifest: unknown = null;
      try {
        manifest = JSON.parse(await readFile(file, 'utf8'));
      } catch {
        manifest = null;
      }
      const isObject = typeof manifest === 'object' && manifest !== null && !Array.isArray(manifest);
      built = { mtimeMs: info.mtimeMs, manifest: isObject ? (manifest as Record<string, unknown>) : null };
    }
    return built.manifest;
  }

  return async function webManifestHandler(c, next) {
    const manifest = await readBuilt();
    if (!manifest) return next();
    const title = (await siteTitle()).trim();
    const body = JSON.stringify(title ? { ...manifest, name: title, short_name: title } : manifest);
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    const headers = { 'Cache-Control': 'no-cache', ETag: etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, 'Content-Type': 'application/manifest+json; charset=utf-8' });
  };
}
