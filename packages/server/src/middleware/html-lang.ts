import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.js';
import { pickLanguage, type Lang } from '../lib/i18n/i18n.js';

/** The cookie the web app writes beside its stored language choice (packages/web lib/site/i18n.ts). */
export const LANGUAGE_COOKIE = 'language';

/**
 * The `lang` of the page's <html> before any script runs (screen readers pick their voice from it): the
 * visitor's stored choice (the cookie), else Accept-Language. The values are the web app's language codes.
 */
export function htmlLanguage(c: Context<AppEnv>): Lang {
  return pickLanguage(c.req.header('accept-language'), getCookie(c, LANGUAGE_COOKIE));
}

let cached: { file: string; mtimeMs: number; size: number; html: string } | undefined;

/**
 * index.html (a few KB) with `lang` set. It is read once per build (mtime and size) and rewritten per
 * answer; the built file says `lang="en"`, so English answers are served as built.
 */
export async function indexHtmlIn(file: string, info: Stats, lang: string): Promise<string> {
  if (!cached || cached.file !== file || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
    cached = { file, mtimeMs: info.mtimeMs, size: info.size, html: await readFile(file, 'utf8') };
  }
  return cached.html.replace(/<html\b[^>]*?\blang="[^"]*"/i, (tag) => tag.replace(/lang="[^"]*"/i, `lang="${lang}"`));
}
