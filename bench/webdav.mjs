// The "webdav" bench section (issue 29): a large file (BENCH_WEBDAV_MB, default 1024 MiB; 0 skips the transfers)
// PUT and GET through /dav against the same transfers through the fs API in the same run (target >= 0.9 x),
// PROPFIND Depth 1 of a folder of BENCH_WEBDAV_OBJECTS (default 10 000) objects against the raw LOCAL driver's
// listing of it, BENCH_WEBDAV_ROUNDS (5) rounds (target <= 1.5 x in CPU time; webdav-propfind.mjs, with the
// machine's ceiling), and the server's peak RSS during all of it (target < 200 MB). LOCAL storage.
import { Readable } from 'node:stream';
import { chunks } from './bytes.mjs';
import { timed } from './files-measure.mjs';
import { propfindRows } from './webdav-propfind.mjs';

const MiB = 1024 * 1024;
export const WEBDAV_TARGETS = { transfer: 0.9, propfind: 1.5, peakRssMb: 200 };

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

export async function webdavSection({ port, pid, auth, dataDir, barePort }) {
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

  const transfers = [];
  if (size > 0) {
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
    transfers.push({ display: row(`PUT ${size / MiB} MiB`, davPut, apiPut) });
    transfers.push({ display: row(`GET ${size / MiB} MiB`, davGet, apiGet) });
  }
  const propfind = await propfindRows({
    base,
    pid,
    auth,
    dataDir,
    objects,
    rounds: Number(process.env.BENCH_WEBDAV_ROUNDS ?? 5),
    target: WEBDAV_TARGETS.propfind,
    barePort,
  });
  const peak = Math.max(...peaks, propfind.peakRss);
  return [
    ...transfers,
    ...propfind.rows,
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
