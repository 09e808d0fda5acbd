import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { APP_MODULE, appPreloads, routePreloadMap } from '../../../route-preloads';

const ROOT = '/web';

/** A bundle as Rollup hands it to the HTML hooks: just the fields the plugin reads. */
function bundle(chunks: Array<{ file: string; module?: string; entry?: true; imports?: string[]; css?: string[] }>) {
  return Object.fromEntries(
    chunks.map((chunk) => [
      chunk.file,
      {
        type: 'chunk',
        fileName: chunk.file,
        isEntry: chunk.entry === true,
        facadeModuleId: chunk.module ? `${ROOT}/${chunk.module}` : null,
        imports: chunk.imports ?? [],
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      },
    ]),
  ) as unknown as Rollup.OutputBundle;
}

const built = bundle([
  { file: 'assets/index.js', module: 'src/boot.ts', entry: true, imports: ['assets/preload-helper.js'] },
  { file: 'assets/preload-helper.js' },
  { file: 'assets/main.js', module: APP_MODULE, imports: ['assets/core.js', 'assets/preload-helper.js'] },
  { file: 'assets/core.js' },
  {
    file: 'assets/upload-page.js',
    module: 'src/features/file-upload/components/upload-page.tsx',
    imports: ['assets/core.js', 'assets/card.js'],
    css: ['assets/upload.css'],
  },
  { file: 'assets/card.js' },
  { file: 'assets/paste-editor-page.js', module: 'src/features/paste-editor/components/paste-editor-page.tsx' },
  { file: 'assets/file-view-page.js', module: 'src/features/file-view/components/file-view-page.tsx' },
  { file: 'assets/paste-view-page.js', module: 'src/features/paste-view/components/paste-view-page.tsx' },
  { file: 'assets/admin-layout.js', module: 'src/app/layouts/admin-layout.tsx' },
  { file: 'assets/admin-guard.js', module: 'src/app/admin-guard.tsx' },
]);

describe('the preloads the build writes into index.html (issue 30)', () => {
  it("links the app's code in <head>, beyond what the entry imports itself", () => {
    expect(appPreloads(built, ROOT)).toEqual(['assets/main.js', 'assets/core.js']);
  });

  it("gives each page its own chunks and styles, less the entry's and the app's", () => {
    expect(routePreloadMap(built, ROOT)['^/upload/?$']).toEqual([
      'assets/upload-page.js',
      'assets/upload.css',
      'assets/card.js',
    ]);
  });
});
