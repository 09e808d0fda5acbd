// Bundles a bench helper (entry or stdin, whose imports may be the server's TypeScript source) into one ESM
// file for Node, as packages/server/build.mjs bundles the server.
import { build } from 'esbuild';

/** Writes `outfile` from `options` (esbuild's `entryPoints` or `stdin`, `external`, …); returns its path. */
export async function bundleForNode(outfile, options) {
  await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    ...options,
    outfile,
  });
  return outfile;
}
