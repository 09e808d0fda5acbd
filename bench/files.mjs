// The "files" bench section: moving one large file through the built server on LOCAL storage —
// upload (raw `upload-direct` and the streamed multipart form) and proxy download — each as a ratio to
// the raw LOCAL driver's own write and read speed measured in the same run (bench/files-driver.mjs),
// plus the server's peak RSS during each transfer, which must stay flat whatever the file size.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { spawnServerProcess } from '../scripts/lib.mjs';
import { chunks, settleDisk } from './bytes.mjs';

const MiB = 1024 * 1024;
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
    await build({
      entryPoints: [join(here, 'files-driver.mjs')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    return outfile;
  })();
  return driverScript;
}

/**
 * One HTTP/1.1 request over a raw socket: the body parts are written as they come (backpressure
 * honoured, 1 MiB writes), the response is read into one reused 1 MiB buffer (`onread`) and only its
 * head and first bytes are kept. Neither curl nor node:http is used as the client: on this 2-core VM
 * `curl -T` tops out near 750 MB/s over loopback and so measured itself, while this client pushes
 * 1.2–4 GB/s into a node:http server that drops the body (the "loopback ceiling" row).
 */
function request(port, { method, path, headers = {}, parts = [] }) {
  return new Promise((resolve, reject) => {
    const kept = [];
    let keptBytes = 0;
    let total = 0;
    const socket = net.connect({
      host: '127.0.0.1',
      port,
      noDelay: true,
      onread: {
        buffer: Buffer.allocUnsafe(MiB),
        callback(n, buffer) {
          total += n;
          if (keptBytes < 64 * 1024) {
            kept.push(Buffer.from(buffer.subarray(0, n)));
            keptBytes += n;
          }
        },
      },
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const head = Buffer.concat(kept);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`${method} ${path}: no response`));
      const lines = head.subarray(0, end).toString('latin1').split('\r\n');
      const field = (name) =>
        lines
          .find((l) => l.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      let text = head.subarray(end + 4).toString('utf8');
      // Small JSON answers may come chunked: one chunk-size line before the text, `0` after it.
      if (field('transfer-encoding') === 'chunked')
        text = text
          .split('\r\n')
          .filter((_, i) => i % 2 === 1)
          .join('');
      resolve({
        status: Number(lines[0].split(' ')[1]),
        bytes: total - end - 4,
        length: Number(field('content-length') ?? NaN),
        text,
      });
    });
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const head = [
      `${method} ${path} HTTP/1.1`,
      'host: 127.0.0.1',
      'connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    if (method !== 'GET') head.push(`content-length: ${length}`);
    socket.once('connect', async () => {
      try {
        socket.write(`${head.join('\r\n')}\r\n\r\n`);
        for (const part of parts)
          for (const chunk of part.chunks())
            if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** A body part: its length, and its bytes as chunks (a fresh iterator per request). */
const part = (length, make) => ({ length, chunks: make });
const bytes = (buffer) => part(buffer.length, () => [buffer]);
const file = (size) => part(size, () => chunks(size));

/** Samples a process's resident memory (VmRSS, from /proc) every 20 ms; `stop()` returns the peak in MB. */
function rssSampler(pid) {
  const read = (field) =>
    Number(
      /(\d+) kB/.exec(
        readFileSync(`/proc/${pid}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith(field)) ?? '',
      )?.[1] ?? 0,
    ) / 1024;
  let peak = read('VmRSS:');
  const timer = setInterval(() => {
    peak = Math.max(peak, read('VmRSS:'));
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return { peak: Math.max(peak, read('VmRSS:')), hwm: read('VmHWM:') };
    },
  };
}

/** A process's CPU time so far, all threads, user and system (seconds; /proc counts in 1/100 s ticks). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Times one transfer of `size` bytes and samples the server's memory meanwhile; also returns the
 * server's CPU seconds per GiB moved (compared with the discarding node:http's, it shows how much work
 * the route adds per byte, which the throughput alone hides while the disk is the one waited on).
 */
async function timed(pid, size, fn) {
  settleDisk();
  const rss = rssSampler(pid);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  const cpuPerGiB = (cpuSeconds(pid) - cpuBefore) / (size / (1024 * MiB));
  return { ...result, mbps: size / MiB / seconds, cpuPerGiB, rss: rss.stop() };
}

/** The raw LOCAL driver, in its own process: write and read speed of the same bytes (MB/s). */
async function driverSpeed(size) {
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

/** The driver behind a bare node:http server (files-driver.mjs serve): upload and download speed through it. */
async function bareHttpSpeed(size) {
  const dir = mkdtempSync(join(tmpdir(), 'driftbox-bench-bare-'));
  const child = spawnServerProcess(await bundledDriver(), ['serve', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      child.once('exit', (code) => reject(new Error(`files-driver serve exited with ${code}`)));
    });
    const bare = client(port, null, size);
    const discard = await timed(child.pid, size, () => bare.raw('DISCARD'));
    const put = await timed(child.pid, size, () => bare.raw('PUT'));
    const get = await timed(child.pid, size, () => bare.raw('GET'));
    if (put.status !== 201 || get.bytes !== size)
      throw new Error(`bare http answered ${put.status} / ${get.bytes} bytes`);
    return { discard, write: put, read: get };
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A multipart/form-data body around the file bytes, as a browser sends it. */
function formParts(size) {
  const boundary = `----driftbox-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="use_proxy"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-form.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, parts: [bytes(head), file(size), bytes(tail)] };
}

/** The transfers of the section, against the server (`direct`, `form`, `download`) or the bare baseline (`raw`). */
function client(port, auth, size) {
  return {
    direct: () =>
      request(port, {
        method: 'PUT',
        path: '/api/upload-direct/bench.bin?use_proxy=1',
        headers: auth ?? {},
        parts: [file(size)],
      }),
    form: () => {
      const form = formParts(size);
      return request(port, {
        method: 'POST',
        path: '/api/upload',
        headers: { ...auth, 'content-type': form.type },
        parts: form.parts,
      });
    },
    download: (slug) => request(port, { method: 'GET', path: `/api/file-download/${slug}` }),
    raw: (method) =>
      request(
        port,
        method === 'GET'
          ? { method, path: '/raw' }
          : { method: 'PUT', path: method === 'PUT' ? '/raw' : '/discard', parts: [file(size)] },
      ),
  };
}

/**
 * Uploads (raw and form) and downloads `size` bytes through the server; returns speeds and memory.
 * With `pair`, the raw driver is measured right before each transfer (its write before an upload, its
 * read before the download), so each transfer is compared with the disk as it was at that moment — on
 * this VM the same disk writes at 0.7 GB/s or 1.8 GB/s a few seconds apart.
 */
async function throughServer(port, pid, auth, size, pair = false) {
  const server = client(port, auth, size);
  const baseline = async () => (pair ? driverSpeed(size) : null);
  const directDriver = await baseline();
  const direct = await timed(pid, size, () => server.direct());
  if (direct.status !== 201) throw new Error(`upload-direct answered ${direct.status}: ${direct.text}`);
  const share = JSON.parse(direct.text).data;
  const formDriver = await baseline();
  const posted = await timed(pid, size, () => server.form());
  if (posted.status !== 201) throw new Error(`form upload answered ${posted.status}: ${posted.text}`);
  const readDriver = await baseline();
  const download = await timed(pid, size, () => server.download(share.slug));
  if (download.status !== 200 || download.bytes !== size || download.length !== size)
    throw new Error(`download answered ${download.status} with ${download.bytes} bytes`);
  const ids = (
    await (await fetch(`http://127.0.0.1:${port}/api/files?limit=200`, { headers: auth })).json()
  ).data.files.map((f) => f.id);
  await fetch(`http://127.0.0.1:${port}/api/files/batch-delete`, {
    method: 'DELETE',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ ids }),
  });
  const ratios = pair
    ? {
        direct: direct.mbps / directDriver.write,
        posted: posted.mbps / formDriver.write,
        download: download.mbps / readDriver.read,
      }
    : null;
  return { direct, posted, download, ratios, drivers: [directDriver, formDriver, readDriver].filter(Boolean) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The section: a quarter-size round (to show memory does not grow with the file), then BENCH_FILE_ROUNDS
 * (default 3) full-size rounds in which every transfer is paired with the raw driver measured right
 * before it. A transfer's ratio is the median of its paired ratios (all of them are printed); speeds
 * are the best of the rounds. Targets: ≥ 0.8 of the driver's speed; peak RSS < 200 MB.
 */
export async function filesSection({ port, pid, auth }) {
  const size = Number(process.env.BENCH_FILE_MB ?? 1024) * MiB;
  const rounds = Math.max(1, Number(process.env.BENCH_FILE_ROUNDS ?? 3));
  const limitMb = Math.ceil(size / MiB) + 1;
  await fetch(`http://127.0.0.1:${port}/api/admin/settings/group/1`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ max_upload_size: limitMb, max_upload_size_unit: 'MB' }),
  });
  // What the server holds before any transfer (earlier sections grow its heap): the transfers' share is the difference.
  const atRest = rssSampler(pid).stop().peak;
  const small = await throughServer(port, pid, auth, Math.max(MiB, Math.floor(size / 4)));
  const bares = [];
  const fulls = [];
  for (let i = 0; i < rounds; i += 1) {
    bares.push(await bareHttpSpeed(size));
    fulls.push(await throughServer(port, pid, auth, size, true));
  }
  const drivers = fulls.flatMap((r) => r.drivers);
  const topOf = (list, key) => Math.max(...list.map((d) => d[key]));
  const mb = `${Math.round(size / MiB)} MiB`;
  const peakOf = (rs) => Math.max(...rs.flatMap((r) => [r.direct.rss.peak, r.posted.rss.peak, r.download.rss.peak]));
  // A transfer's row: its best speed, the median of its paired ratios, every paired ratio, the ratio to
  // the driver behind a bare node:http server (how much of what Node itself moves it achieves), and the
  // server's median CPU seconds per GiB.
  const transfer = (name, key, bareKey) => {
    const pairs = fulls.map((r) => r.ratios[key]);
    const value = topOf(
      fulls.map((r) => r[key]),
      'mbps',
    );
    return row(name, value, 'MB/s', median(pairs), '>= 0.8', {
      bareRatio:
        value /
        topOf(
          bares.map((b) => b[bareKey]),
          'mbps',
        ),
      pairs,
      cpu: median(fulls.map((r) => r[key].cpuPerGiB)),
    });
  };
  // A bare node:http row: its best speed against the driver's, and its median CPU seconds per GiB.
  const bare = (name, key, driver, bareRatio = null) => {
    const runs = bares.map((b) => b[key]);
    const value = topOf(runs, 'mbps');
    return row(name, value, 'MB/s', value / driver, null, { bareRatio, cpu: median(runs.map((r) => r.cpuPerGiB)) });
  };
  const row = (name, value, unit, ratio, target, { bareRatio = null, pairs = null, cpu = null } = {}) => {
    const met = target === null ? '' : (target.startsWith('<') ? value < 200 : ratio >= 0.8) ? 'yes' : 'NO';
    const display = {
      measure: name,
      value: value.toFixed(1),
      unit,
      'x driver': ratio === null ? '' : ratio.toFixed(2),
      'per round': pairs ? pairs.map((r) => r.toFixed(2)).join(' ') : '',
      'x bare http': bareRatio === null ? '' : bareRatio.toFixed(2),
      'server CPU s/GiB': cpu === null ? '' : cpu.toFixed(2),
      target: target ?? '',
      met,
    };
    return { name, value, unit, ratio, bareRatio, pairs, cpu, target, display };
  };
  const driverWrite = topOf(drivers, 'write');
  const driverRead = topOf(drivers, 'read');
  return [
    row(`LOCAL driver write, ${mb} (baseline, best)`, driverWrite, 'MB/s', 1, null, {
      pairs: drivers.map((d) => d.write / driverWrite),
    }),
    // The loopback ceiling: no upload through any HTTP server on this machine can beat it.
    bare(`loopback ceiling: PUT ${mb} into a discarding node:http`, 'discard', driverWrite),
    bare(`driver behind bare node:http, PUT ${mb}`, 'write', driverWrite, 1),
    transfer(`PUT /api/upload-direct, ${mb}`, 'direct', 'write'),
    transfer(`POST /api/upload (streamed form), ${mb}`, 'posted', 'write'),
    row(`LOCAL driver read, ${mb} (baseline, best)`, driverRead, 'MB/s', 1, null, {
      pairs: drivers.map((d) => d.read / driverRead),
    }),
    bare(`driver behind bare node:http, GET ${mb}`, 'read', driverRead, 1),
    transfer(`GET /api/file-download (proxy), ${mb}`, 'download', 'read'),
    row('server RSS at rest, before the transfers', atRest, 'MB', null, null),
    row(`server peak RSS, ${Math.round(size / 4 / MiB)} MiB transfers`, peakOf([small]), 'MB', null, null),
    row(`server peak RSS, ${mb} transfers`, peakOf(fulls), 'MB', null, '< 200 MB'),
    row('server VmHWM (whole run)', Math.max(...fulls.map((r) => r.download.rss.hwm)), 'MB', null, null),
  ];
}
