// The "files" section's baselines, each in its own process running files-driver.mjs: the raw LOCAL
// driver's write and read speed, and the same driver behind a bare node:http server (what Node itself
// can move into the disk over loopback on this machine, in the same run).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServerProcess } from '../scripts/lib.mjs';
import { client } from './files-client.mjs';
import { bundleForNode } from './bundle.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');

/**
 * The baselines' script (files-driver.mjs imports the driver's TypeScript source) bundled like the
 * server's dist, once per run. Run through `--import tsx` instead, V8 ran a full mark-compact about
 * 26 times per GiB moved (against none once bundled) and the process spent 0.3–0.7 s more CPU per GiB:
 * the baselines measured the loader as well as the driver.
 */
let driverScript = null;
function bundledDriver() {
  driverScript ??= (async () => {
    const outfile = join(root, '.tmp/bench/files-driver.mjs');
    await bundleForNode(outfile, {
      entryPoints: [join(here, 'files-driver.mjs')],
    });
    return outfile;
  })();
  return driverScript;
}

/** The raw LOCAL driver, in its own process: write and read speed of the same bytes (MB/s). */
export async function driverSpeed(size) {
  const script = await bundledDriver();
  const dir = mkdtempSync(join(tmpdir(), 'driftbox-bench-driver-'));
  return new Promise((resolve, reject) => {
    const child = spawnServerProcess(script, ['measure', dir, String(size)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`files-driver exited with ${code}`));
    });
  });
}

/**
 * Starts the driver behind a bare node:http server (files-driver.mjs serve), run as the server is run
 * (same V8 flags and malloc settings). Returns its pid, a client for `size`-byte transfers
 * (`raw('PUT' | 'GET' | 'DISCARD')`) and `stop()`, which ends it and removes its folder.
 */
export async function startBareHttp(size) {
  const dir = mkdtempSync(join(tmpdir(), 'driftbox-bench-bare-'));
  const child = spawnServerProcess(await bundledDriver(), ['serve', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      child.once('exit', (code) => reject(new Error(`files-driver serve exited with ${code}`)));
    });
    return { pid: child.pid, raw: client(port, null, size).raw, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
