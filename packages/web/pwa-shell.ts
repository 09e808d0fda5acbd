/**
 * Which build files the service worker precaches: the app shell, not the whole build. From Vite's build
 * manifest: the entry with everything it imports, each page chunk the router loads lazily with everything
 * it imports, the styles, the offline page and the icons, and the two on-demand parts the offline journey
 * needs (writing a paste on a train: the code editor, and the light Markdown preset its preview and a
 * paste's page render with). Other chunks a page loads only when it needs them (Mermaid, KaTeX and
 * highlight.js in the full preset, charts) are kept the first time they are used (stale-while-revalidate
 * in src/sw.ts, and on a first visit the worker's warm-up), so installing costs about 2 MB, not all seven.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ViteChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type ViteManifest = Record<string, ViteChunk>;

const OFFLINE_CODE = /(?:^|\/)src\/(?:lib\/offline|app\/pwa)\//;
/** Loaded on demand, but needed offline: the editor and the light preset (not the full one's KaTeX). */
const OFFLINE_ON_DEMAND =
  /(?:^|\/)src\/(?:components\/markdown-editor\/editor-pane\.tsx|lib\/markdown\/light-preset\.ts)$/;

/** Files (relative to dist) of the shell, from a Vite manifest. */
export function shellFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const addWithImports = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) addWithImports(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    // The offline code itself (loaded on demand, and needed most when the network is gone).
    if (OFFLINE_CODE.test(key) || OFFLINE_ON_DEMAND.test(key)) addWithImports(key);
    if (!chunk.isEntry) continue;
    addWithImports(key);
    // The app the entry imports after the first paint (src/boot.ts), and the router's lazy pages: the app's dynamic
    // imports.
    for (const app of chunk.dynamicImports ?? []) {
      addWithImports(app);
      for (const page of manifest[app]?.dynamicImports ?? []) addWithImports(page);
    }
  }
  return files;
}

// Not the manifest: the server names the app after the site title, so the worker asks the network first.
const ALWAYS = /^(?:index\.html|offline\.(?:html|js)|favicon\.svg|icons\/.+\.png)$/;

/** A workbox `manifestTransforms` entry that keeps the shell's files and drops the rest. */
export function shellOnly(distDir: string) {
  return async (entries: Array<{ url: string; size: number; revision: string | null }>) => {
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
    const shell = shellFiles(manifest);
    const manifestEntries = entries.filter((entry) => ALWAYS.test(entry.url) || shell.has(entry.url));
    return { manifest: manifestEntries, warnings: [] as string[] };
  };
}
