// The "webdav" section's PROPFIND rows (issue 29): Depth 1 of a folder of `objects` objects through /dav against
// the raw LOCAL driver listing the same folder in its own process (webdav-list-driver.mjs), back to back in every
// round. Judged on CPU time (the server process's per PROPFIND against the driver process's per listing), as wall
// time is noise on a shared machine; wall times are printed beside. The ceiling: the driver's listing plus a bare
// node:http server (ceiling.mjs) sending the same multistatus bytes to the same client — what the listing and the
// wire alone cost, so the rest of the gap is the server's own work.
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { spawnServerProcess } from '../scripts/lib.mjs';
import { bareServer, cpuMsOf } from './ceiling.mjs';
import { median, rssSampler } from './files-measure.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const tmp = join(here, '..', '.tmp/bench');

/** The raw driver in its own bundled process; `list(mode)` answers `{ ms, cpuMs, entries }`. */
async function driverProcess(storeRoot, prefix) {
  const outfile = join(tmp, 'webdav-list-driver.mjs');
  await build({
    entryPoints: [join(here, 'webdav-list-driver.mjs')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const child = spawnServerProcess(outfile, [storeRoot, prefix], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async list(mode) {
      child.stdin.write(`${mode}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error('webdav-list-driver ended');
      return JSON.parse(value);
    },
    async stop() {
      child.stdin.end();
      await once(child, 'exit');
    },
  };
}

/** One request read to the end as the bench's client reads a PROPFIND: wall ms, the serving process's CPU ms. */
async function fetched(url, init, pid) {
  const cpu = cpuMsOf(pid);
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - started;
  const listed = (text.match(/<D:response>/g) ?? []).length - 1;
  return { status: res.status, ms, cpuMs: cpuMsOf(pid) - cpu, text, listed };
}

export async function propfindRows({ base, pid, auth, dataDir, objects, rounds, target, barePort }) {
  // The folder's objects go straight into the LOCAL config's store (not timed); the mount maps the store's root.
  const folder = join(dataDir, 'storage', 'local', 'objects', 'many');
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < objects; i++) writeFileSync(join(folder, `object-${String(i).padStart(5, '0')}.txt`), 'x');
  const propfind = () =>
    fetched(`${base}/dav/dav-bench/many/`, { method: 'PROPFIND', headers: { ...auth, depth: '1' } }, pid);
  const driver = await driverProcess(join(dataDir, 'storage', 'local'), 'many/');
  // Warm-up: one of each; the answer's bytes become the bare server's body.
  const first = await propfind();
  if (first.status !== 207 || first.listed !== objects)
    throw new Error(`PROPFIND answered ${first.status}, listed ${first.listed} of ${objects}`);
  mkdirSync(tmp, { recursive: true });
  const bodyFile = join(tmp, 'propfind-body.xml');
  writeFileSync(bodyFile, first.text);
  const bytes = Buffer.byteLength(first.text);
  const bare = await bareServer(barePort, { '/multistatus': bodyFile });
  const sendBare = () => fetched(`${bare.base}/multistatus`, {}, bare.pid);
  const t = { folder: [], paged: [], dav: [], bare: [] };
  const rss = [];
  try {
    await driver.list('folder');
    await driver.list('paged');
    await sendBare();
    for (let i = 0; i < rounds; i++) {
      t.folder.push(await driver.list('folder'));
      t.paged.push(await driver.list('paged'));
      const sampler = rssSampler(pid);
      t.dav.push(await propfind());
      rss.push(sampler.stop().peak);
      t.bare.push(await sendBare());
    }
  } finally {
    await driver.stop();
    await bare.stop();
  }
  if (t.folder.some((r) => r.entries !== objects)) throw new Error('the driver listed a different count');
  // Wall: the median round; CPU: the mean (/proc counts whole 10 ms ticks, too coarse for one short send).
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const m = Object.fromEntries(
    Object.entries(t).map(([k, runs]) => [
      k,
      { ms: median(runs.map((r) => r.ms)), cpu: mean(runs.map((r) => r.cpuMs)) },
    ]),
  );
  const cpuRatio = m.dav.cpu / m.folder.cpu;
  const ceiling = { ms: m.folder.ms + m.bare.ms, cpu: m.folder.cpu + m.bare.cpu };
  const fmt = (x) => x.toFixed(0);
  const row = (what, r, ratio, extra = {}) => ({
    display: { case: what, 'CPU ms': fmt(r.cpu), 'wall ms': fmt(r.ms), 'CPU x driver': ratio, ...extra },
  });
  return {
    peakRss: Math.max(...rss),
    rows: [
      row(`driver listing, one pass (${objects} objects, own process)`, m.folder, '1.00'),
      row('driver listing, page by page (information)', m.paged, (m.paged.cpu / m.folder.cpu).toFixed(2)),
      row(`PROPFIND Depth 1 (${(bytes / 1e6).toFixed(1)} MB multistatus)`, m.dav, cpuRatio.toFixed(2), {
        'wall x driver': (m.dav.ms / m.folder.ms).toFixed(2),
        'peak RSS MB': fmt(Math.max(...rss)),
        target: `<= ${target} (CPU)`,
        met: cpuRatio <= target ? 'yes' : 'NO',
      }),
      row('ceiling: bare node:http sending those bytes', m.bare, (m.bare.cpu / m.folder.cpu).toFixed(2), {
        'wall x driver': (m.bare.ms / m.folder.ms).toFixed(2),
      }),
      row('ceiling: driver listing + bare send', ceiling, (ceiling.cpu / m.folder.cpu).toFixed(2), {
        'wall x driver': (ceiling.ms / m.folder.ms).toFixed(2),
        'wire share of the gap': `${fmt((100 * m.bare.cpu) / Math.max(1, m.dav.cpu - m.folder.cpu))} % (CPU)`,
      }),
    ],
  };
}
