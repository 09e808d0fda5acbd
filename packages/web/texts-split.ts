/**
 * A build step (issue 30): each language's texts in two chunks. `locales/<language>.json?texts=first` holds the
 * namespaces the app shell and a shared paste's page use (loaded before the first render, as before); `?texts=rest`
 * the others (the editor, uploads, files, the admin pages: loaded with those pages, lib/site/i18n.ts). The locale
 * files stay whole; in the web tests (vitest.config.ts) either part is the whole file.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What a visitor opening a paste link sees: the shell (header, footer, toasts, offline), errors and the paste. */
export const FIRST_NAMESPACES = [
  'common',
  'nav',
  'titles',
  'notFound',
  'auth',
  'share',
  'paste',
  'errors',
  'announcement',
  'pwa',
] as const;

/** Parts of those namespaces only pages that load every text use (the paste editor, the login form). */
export const REST_PARTS: Record<string, readonly string[]> = {
  paste: ['editor', 'form', 'tips', 'options', 'create', 'created'],
  auth: ['login'],
};

const TEXTS = /^(.*\/locales\/[\w-]+\.json)\?(?:[\w=]*&)*texts=(first|rest)$/;

/** The part of a locale file's texts for `part`. */
export function textsPart(texts: Record<string, unknown>, part: 'first' | 'rest'): Record<string, unknown> {
  const first = new Set<string>(FIRST_NAMESPACES);
  const entries = Object.entries(texts).flatMap(([namespace, value]): [string, unknown][] => {
    const later = REST_PARTS[namespace];
    if (!first.has(namespace)) return part === 'rest' ? [[namespace, value]] : [];
    if (!later || typeof value !== 'object' || value === null) return part === 'first' ? [[namespace, value]] : [];
    // Split by key: i18n.ts merges the rest into the first part deeply.
    const keys = Object.entries(value).filter(([key]) => later.includes(key) === (part === 'rest'));
    return keys.length > 0 ? [[namespace, Object.fromEntries(keys)]] : [];
  });
  return Object.fromEntries(entries);
}

/** `whole`: each part is the whole file (the web tests, whose setup holds every text anyway). */
export function textsSplit({ whole = false }: { whole?: boolean } = {}): Plugin {
  let root = '';
  return {
    name: 'driftbox-texts-split',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    load(id) {
      const match = TEXTS.exec(id);
      if (!match) return null;
      // An absolute file, or (a dev server's URL) one under the root.
      const file = existsSync(match[1]!) ? match[1]! : path.join(root, match[1]!);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      // A module of its own (Vite's JSON step does not take an id with a query): parsed as JSON.parse of a string,
      // as vite.config.ts's `json.stringify` has the whole files parsed.
      const json = JSON.stringify(whole ? texts : textsPart(texts, match[2] as 'first' | 'rest'));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
    },
  };
}
