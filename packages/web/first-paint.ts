/**
 * Build steps for the first paint (issue 30). The app's stylesheet is the only render-blocking request: it is moved
 * to the top of <head>, so it is asked for before the start-up script's requests and the entry's modulepreloads,
 * which otherwise take the six connections an HTTP/1.1 origin gets and hold the first paint back by ~0.5 s.
 *
 * The app itself starts after the first frame (src/boot.ts, lib/boot/after-first-frame.ts).
 *
 * And the heading and introduction of the pages people open first, painted by index.html before
 * the app's code runs, in the visitor's language. They are each page's largest text (its LCP element), in the very
 * classes the page draws them with, so the page's own, equal paint does not move the LCP. index.html's skeleton
 * script holds a `/* page texts *\/ {}` placeholder; this fills it with { URL pattern: { language: [title, intro],
 * signedIn? } } from the locale files (the server hashes the script as built: its CSP).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGE_FILES } from './route-preloads.ts';

/** URL pattern → the keys of the page's heading and introduction; `admin`: only shown to a signed-in admin. */
export const PAGE_TEXT_KEYS: Record<string, { title: string; intro: string; admin?: true }> = {
  '^/$': { title: 'paste.editor.title', intro: 'paste.editor.description' },
  '^/upload/?$': { title: 'upload.title', intro: 'upload.description' },
  '^/admin(/dashboard)?/?$': { title: 'dashboard.title', intro: 'dashboard.description', admin: true },
};

const PLACEHOLDER = /\/\*\s*page texts\s*\*\/\s*\{\}/;

function lookup(texts: unknown, key: string): string {
  let value: unknown = texts;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`page-texts: no text ${key}`);
  return value;
}

/** { pattern: { texts: { language: [title, intro] }, admin } } from the locale files under `root`. */
export function pageTexts(root: string) {
  const locales = Object.entries(LANGUAGE_FILES).map(
    ([language, file]) => [language, JSON.parse(readFileSync(path.join(root, file), 'utf8'))] as const,
  );
  return Object.fromEntries(
    Object.entries(PAGE_TEXT_KEYS).map(([pattern, keys]) => [
      pattern,
      {
        texts: Object.fromEntries(
          locales.map(([language, texts]) => [language, [lookup(texts, keys.title), lookup(texts, keys.intro)]]),
        ),
        admin: keys.admin === true,
      },
    ]),
  );
}

const STYLESHEET = /\n?\s*<link rel="stylesheet"[^>]*href="\/assets\/index-[^"]+\.css"[^>]*>/;

/** `html` with the entry's stylesheet link moved right after `<meta charset>`. */
export function styleFirst(html: string): string {
  const link = STYLESHEET.exec(html)?.[0];
  if (!link) throw new Error('first-paint: no stylesheet link in index.html');
  return html.replace(link, '').replace(/(<meta charset="UTF-8" \/>)/i, `$1\n    ${link.trim()}`);
}

export function firstPaintHtml(): Plugin {
  let root = '';
  return {
    name: 'driftbox-first-paint',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!PLACEHOLDER.test(html)) throw new Error('page-texts: index.html lacks its placeholder');
        // JSON in a script: `<` escaped so no text can close the element.
        const filled = html.replace(PLACEHOLDER, () => JSON.stringify(pageTexts(root)).replace(/</g, '\\u003c'));
        return ctx.bundle ? styleFirst(filled) : filled;
      },
    },
  };
}
