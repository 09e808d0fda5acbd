/**
 * A build step (issue 30): the first page's code is requested while the HTML is still parsed, in parallel with
 * the entry, not after the entry has run and the router asks for its lazy route. index.html's start-up script
 * holds a `/* route preloads *\/ {}` placeholder; this fills it with { URL pattern: [chunk files] } (each page's
 * chunk and the chunks and styles it imports that the entry does not), and the script adds a `modulepreload`
 * link for each script of the pattern the URL matches and a stylesheet link for each style. The server hashes the script as built (its CSP).
 */
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The app the entry (src/boot.ts) imports after the first frame: its chunks are linked as modulepreloads in <head>, so
 * they are fetched and compiled while the HTML is parsed, and only evaluated after the first paint.
 */
export const APP_MODULE = 'src/main.tsx';

/** URL pattern (a RegExp source) → the source modules of the page it opens, relative to the web package. */
export const ROUTE_MODULES: Record<string, string[]> = {
  '^/$': ['src/features/paste-editor/components/paste-editor-page.tsx'],
  '^/upload/?$': ['src/features/file-upload/components/upload-page.tsx'],
  '^/file/[^/]+/?$': ['src/features/file-view/components/file-view-page.tsx'],
  // An open plain paste comes rendered by the server; the page fetches the renderer for any other (paste-view-page).
  '^/paste/[^/]+/?$': ['src/features/paste-view/components/paste-view-page.tsx'],
  '^/admin(/|$)': ['src/app/layouts/admin-layout.tsx', 'src/app/admin-guard.tsx'],
};

/** Language → its locale file. */
export const LANGUAGE_FILES: Record<string, string> = {
  en: 'src/locales/en.json',
  'zh-CN': 'src/locales/zh-CN.json',
};

/**
 * Language → the module of its first texts (lib/site/i18n.ts loads it before the first render; texts-split.ts), and
 * `<language>+` → the rest, which every page but a shared paste's loads with its code (index.html preloads it).
 */
export const LANGUAGE_MODULES: Record<string, string> = Object.fromEntries(
  Object.entries(LANGUAGE_FILES).flatMap(([language, file]) => [
    [language, `${file}?texts=first`],
    [`${language}+`, `${file}?texts=rest`],
  ]),
);

const PLACEHOLDER = /\/\*\s*route preloads\s*\*\/\s*\{\}/;
const LANGUAGE_PLACEHOLDER = /\/\*\s*language preloads\s*\*\/\s*\{\}/;

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** The files each pattern's pages need beyond what the entry and the app load already. */
export function routePreloadMap(bundle: OutputBundle, root: string): Record<string, string[]> {
  return preloadMap(bundle, root, ROUTE_MODULES);
}

/** For each key, the chunks of its modules and what they import, less what the entry and the app load already. */
function preloadMap(
  bundle: OutputBundle,
  root: string,
  modulesByKey: Record<string, string[]>,
): Record<string, string[]> {
  const { closure, fileOf, entryFiles } = bundleGraph(bundle, root);
  const loaded = closure([fileOf(APP_MODULE)], new Set(entryFiles));
  const need = (modules: string[]) => [...closure(modules.map(fileOf))].filter((file) => !loaded.has(file));
  const map: Record<string, string[]> = {};
  for (const [key, modules] of Object.entries(modulesByKey)) map[key] = need(modules);
  return map;
}

/** The app's chunks and styles beyond the entry's own (linked in <head>). */
export function appPreloads(bundle: OutputBundle, root: string): string[] {
  const { closure, fileOf, entryFiles } = bundleGraph(bundle, root);
  return [...closure([fileOf(APP_MODULE)])].filter((file) => !entryFiles.has(file));
}

/** The bundle's chunks as a graph: a file's static-import closure (with its styles), a module's chunk, the entry's. */
function bundleGraph(bundle: OutputBundle, root: string) {
  const all = chunks(bundle);
  const byFile = new Map(all.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string[], into = new Set<string>()) => {
    for (const file of start) {
      if (into.has(file)) continue;
      into.add(file);
      const chunk = byFile.get(file);
      // The styles a chunk needs (Vite's preload helper would fetch them only when the chunk is imported).
      for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(css);
      closure(chunk?.imports ?? [], into);
    }
    return into;
  };
  const entryFiles = closure(all.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const fileOf = (module: string) => {
    const chunk = all.find((c) => c.facadeModuleId === `${root}/${module}`);
    if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
    return chunk.fileName;
  };
  return { closure, fileOf, entryFiles };
}

/** Each language's texts chunk (and what it imports beyond the entry). */
export function languagePreloadMap(bundle: OutputBundle, root: string): Record<string, string[]> {
  const modules = Object.fromEntries(
    Object.entries(LANGUAGE_MODULES).map(([language, module]) => [language, [module]]),
  );
  return preloadMap(bundle, root, modules);
}

export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'driftbox-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root.replace(/\/$/, '');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        if (!PLACEHOLDER.test(html) || !LANGUAGE_PLACEHOLDER.test(html))
          throw new Error('route-preloads: index.html lacks a placeholder');
        return {
          html: html
            .replace(PLACEHOLDER, JSON.stringify(routePreloadMap(ctx.bundle, root)))
            .replace(LANGUAGE_PLACEHOLDER, JSON.stringify(languagePreloadMap(ctx.bundle, root))),
          tags: appPreloads(ctx.bundle, root).map((file) => ({
            tag: 'link',
            attrs: { rel: file.endsWith('.css') ? 'stylesheet' : 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}
