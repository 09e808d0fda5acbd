// The "webdav" bench section (issue 29): a large file (BENCH_WEBDAV_MB, default 1024 MiB) PUT and GET through
// /dav against the same transfers through the fs API in the same run (target >= 0.9 x), PROPFIND Depth 1 of a
// folder of BENCH_WEBDAV_OBJECTS (default 10 000) objects against the raw LOCAL driver's listing of it
// (target <= 1.5 x), and the server's peak RSS during all of it (target < 200 MB). LOCAL storage.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chunks } from './bytes.mjs';
import { median, timed } from './files-measure.mjs';

const MiB = 1024 * 1024;
export const WEBDAV_TARGETS = { transfer: 0.9, propfind: 1.5, peakRssMb: 200 };
const here = fileURLToPath(new URL('.', import.meta.url));

/** Reads a response to the end, counting its bytes. */
async function drain(res) {
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.byteLength;
  return { status: res.status, bytes };
}

/** A multipart/form-data body streamed from `chunks`: the fs API's upload form (`path` first, then `file`). */
function formBody(folder, name, size) {
  const boundary = 'driftbox-bench-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${folder}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const tail = `\r\n--${boundary}--\r\n`;
  async function* body() {
    yield Buffer.from(head);
    yield* chunks(size);
    yield Buffer.from(tail);
  }
  return {
    body: Readable.from(body()),
    type: `multipart/form-data; boundary=${boundary}`,
    length: Buffer.byteLength(head) + size + Buffer.byteLength(tail),
  };
}

/** The raw driver's listing of `prefix`, in its own bundled process: milliseconds per run. */
async function driverListing(storeRoot, prefix, runs) {
  const outfile = join(here, '..', '.tmp/bench/webdav-list-driver.mjs');
  await build({
    entryPoints: [join(here, 'webdav-list-driver.mjs')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const child = spawnSync(process.execPath, [outfile, storeRoot, prefix, String(runs)], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`webdav-list-driver: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

export async function webdavSection({ port, pid, auth, dataDir }) {
  const base = `http://127.0.0.1:${port}`;
  const size = Number(process.env.BENCH_WEBDAV_MB ?? 1024) * MiB;
  const objects = Number(process.env.BENCH_WEBDAV_OBJECTS ?? 10_000);
  const mount = await fetch(`${base}/api/admin/mounts`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'dav-bench',
      mount_path: '/dav-bench',
      storage_config_id: 'local',
      webdav_policy: 'native_proxy',
    }),
  });
  if (mount.status !== 201) throw new Error(`mount: ${mount.status} ${await mount.text()}`);
  const put = (url, body, headers) =>
    fetch(url, { method: 'PUT', headers: { ...auth, ...headers }, body, duplex: 'half' }).then(drain);
  const check = (what, run, status) => {
    if (!status.includes(run.status)) throw new Error(`${what} answered ${run.status}`);
    return run;
  };
  const peaks = [];
  const row = (name, dav, api) => {
    peaks.push(dav.rss.peak, api.rss.peak);
    const ratio = dav.mbps / api.mbps;
    return {
      case: name,
      '/dav MB/s': dav.mbps.toFixed(0),
      'fs API MB/s': api.mbps.toFixed(0),
      'x fs API': ratio.toFixed(2),
      'peak RSS MB': Math.max(dav.rss.peak, api.rss.peak).toFixed(0),
      target: `>= ${WEBDAV_TARGETS.transfer}`,
      met: ratio >= WEBDAV_TARGETS.transfer ? 'yes' : 'NO',
    };
  };

  const davPut = check(
    'PUT /dav',
    await timed(pid, size, () =>
      put(`${base}/dav/dav-bench/dav.bin`, Readable.from(chunks(size)), { 'content-length': String(size) }),
    ),
    [201, 204],
  );
  const form = formBody('/dav-bench', 'api.bin', size);
  const apiPut = check(
    'POST /api/fs/upload',
    await timed(pid, size, () =>
      fetch(`${base}/api/fs/upload`, {
        method: 'POST',
        headers: { ...auth, 'content-type': form.type, 'content-length': String(form.length) },
        body: form.body,
        duplex: 'half',
      }).then(drain),
    ),
    [201],
  );
  const davGet = await timed(pid, size, () => fetch(`${base}/dav/dav-bench/dav.bin`, { headers: auth }).then(drain));
  const apiGet = await timed(pid, size, () =>
    fetch(`${base}/api/fs/download?path=${encodeURIComponent('/dav-bench/api.bin')}`, { headers: auth }).then(drain),
  );
  if (davGet.bytes !== size || apiGet.bytes !== size) throw new Error('a download was short');

  // The folder's objects go straight into the LOCAL config's store (not timed); the mount maps the store's root.
  const folder = join(dataDir, 'storage', 'local', 'objects', 'many');
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < objects; i++) writeFileSync(join(folder, `object-${String(i).padStart(5, '0')}.txt`), 'x');
  const runs = 5;
  const davMs = [];
  let listed = 0;
  const rss = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const run = await timed(pid, 1, async () => {
      const res = await fetch(`${base}/dav/dav-bench/many/`, { method: 'PROPFIND', headers: { ...auth, depth: '1' } });
      const text = await res.text();
      listed = (text.match(/<D:response>/g) ?? []).length - 1;
      return { status: res.status };
    });
    davMs.push(performance.now() - started);
    rss.push(run.rss.peak);
  }
  if (listed !== objects) throw new Error(`PROPFIND listed ${listed} of ${objects}`);
  const driver = await driverListing(join(dataDir, 'storage', 'local'), 'many/', runs);
  const propfindRatio = median(davMs) / median(driver.ms);
  const peak = Math.max(...peaks, ...rss);
  return [
    { display: row(`PUT ${size / MiB} MiB`, davPut, apiPut) },
    { display: row(`GET ${size / MiB} MiB`, davGet, apiGet) },
    {
      display: {
        case: `PROPFIND Depth 1, ${objects} objects`,
        '/dav ms': median(davMs).toFixed(0),
        'driver listing ms': median(driver.ms).toFixed(0),
        'x driver': propfindRatio.toFixed(2),
        'peak RSS MB': Math.max(...rss).toFixed(0),
        target: `<= ${WEBDAV_TARGETS.propfind}`,
        met: propfindRatio <= WEBDAV_TARGETS.propfind ? 'yes' : 'NO',
      },
    },
    {
      display: {
        case: 'peak RSS of the server (whole section)',
        'peak RSS MB': peak.toFixed(0),
        target: `< ${WEBDAV_TARGETS.peakRssMb} MB`,
        met: peak < WEBDAV_TARGETS.peakRssMb ? 'yes' : 'NO',
      },
    },
  ];
}
