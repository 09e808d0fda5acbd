/**
 * A build step: every text asset of the web app also gets a Brotli (`.br`) and a gzip (`.gz`) copy beside
 * it, which the server sends to browsers that accept them (packages/server/src/middleware/spa.ts). The
 * app's JavaScript shrinks to about a quarter, which is what a phone opening a shared link downloads;
 * compressing once at build time costs the server no CPU per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing (the server sends whatever copy exists); images and fonts already are. */
const COMPRESSIBLE = /\.(html|m?js|css|json|webmanifest|svg|txt|xml|wasm)$/i;
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesBelow(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesBelow(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file.br` and `file.gz` for each compressible file of `dir`, each only when it is smaller. */
async function precompressDir(dir: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for await (const file of filesBelow(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const data = await readFile(file);
        if (data.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < data.length) await writeFile(`${file}.br`, br);
        if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
      })(),
    );
  }
  await Promise.all(jobs);
}

/** The Vite plugin: precompresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'driftbox-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
