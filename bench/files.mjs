// The "files" bench section: one large file through the built server on LOCAL storage — upload (raw
// `upload-direct` and the streamed multipart form) and proxy download — and the server's memory meanwhile.
// Uploads are judged against the same LOCAL driver behind a bare node:http server in the same run (on a
// 2-core machine the loopback cannot carry an upload at the disk's own speed, so a ratio to the driver's
// write measured the machine); the download against the driver's own read; memory by its peak and by
// staying flat in file size. The driver's own write is printed for information only.
import { driverSpeed, startBareHttp } from './files-baselines.mjs';
import { client } from './files-client.mjs';
import { median, rssSampler, timed } from './files-measure.mjs';

const MiB = 1024 * 1024;

/**
 * The section's targets. Ratios are medians of paired ratios: each transfer against its baseline measured
 * right before it (the disk under this VM drifts within seconds). `rssGrowthMb`: how much more the peak of
 * the full-size round may be than the quarter-size round's — a body held in memory would add the file.
 */
export const FILE_TARGETS = { direct: 0.9, form: 0.8, download: 0.8, peakRssMb: 200, rssGrowthMb: 32 };

/** Deletes every share the section made, so rounds do not fill the disk. */
async function clearShares(port, auth) {
  const list = await (await fetch(`http://127.0.0.1:${port}/api/files?limit=200`, { headers: auth })).json();
  await fetch(`http://127.0.0.1:${port}/api/files/batch-delete`, {
    method: 'DELETE',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ ids: list.data.files.map((f) => f.id) }),
  });
}

/** Throws unless the answer has the expected status (and, for a download, all the bytes). */
function expectAnswer(name, answer, status, size = null) {
  const short = size !== null && (answer.bytes !== size || answer.length !== size);
  if (answer.status !== status || short)
    throw new Error(`${name} answered ${answer.status} with ${answer.bytes} bytes: ${answer.text.slice(0, 200)}`);
}

/**
 * One round of `size` bytes through the server: `upload-direct`, the form, the proxy download. With
 * `paired`, each upload is preceded by a PUT of the same bytes into the bare node:http server (which also
 * gives the loopback ceiling and its GET), and the download by the raw driver's run (its write is kept for
 * information, its read is the download's pair).
 */
async function round({ port, pid, auth }, size, paired) {
  const server = client(port, auth, size);
  const bare = paired ? await startBareHttp(size) : null;
  const onBare = async (method) => (bare ? timed(bare.pid, size, () => bare.raw(method)) : null);
  let out;
  try {
    const discard = await onBare('DISCARD');
    const bareDirect = await onBare('PUT');
    const direct = await timed(pid, size, () => server.direct());
    expectAnswer('upload-direct', direct, 201);
    const bareForm = await onBare('PUT');
    const posted = await timed(pid, size, () => server.form());
    expectAnswer('form upload', posted, 201);
    const bareGet = await onBare('GET');
    if (bare) [bareDirect, bareForm].forEach((put) => expectAnswer('bare node:http PUT', put, 201));
    if (bare) expectAnswer('bare node:http GET', bareGet, 200, size);
    out = { discard, bareDirect, direct, bareForm, posted, bareGet, slug: JSON.parse(direct.text).data.slug };
  } finally {
    bare?.stop();
  }
  const driver = paired ? await driverSpeed(size) : null;
  const download = await timed(pid, size, () => server.download(out.slug));
  expectAnswer('download', download, 200, size);
  await clearShares(port, auth);
  const ratios = paired
    ? {
        direct: out.direct.mbps / out.bareDirect.mbps,
        posted: out.posted.mbps / out.bareForm.mbps,
        download: download.mbps / driver.read,
      }
    : null;
  return { ...out, download, driver, ratios };
}

/** A table row; `target` is `{ min, of: 'x driver' | 'x bare http' }` for a ratio, `{ max }` for a value. */
function row(name, value, unit, { xDriver = null, xBare = null, pairs = null, cpu = null, target = null } = {}) {
  const judged = target?.of === 'x driver' ? xDriver : target?.of === 'x bare http' ? xBare : null;
  const met = target === null ? null : target.max !== undefined ? value < target.max : judged >= target.min;
  const fixed = (n) => (n === null ? '' : n.toFixed(2));
  const display = {
    measure: name,
    value: value.toFixed(1),
    unit,
    'x driver': fixed(xDriver),
    'x bare http': fixed(xBare),
    'per round': pairs ? pairs.map((r) => r.toFixed(2)).join(' ') : '',
    'server CPU s/GiB': fixed(cpu),
    target:
      target === null ? '' : target.max !== undefined ? `< ${target.max} ${unit}` : `>= ${target.min} ${target.of}`,
    met: met === null ? '' : met ? 'yes' : 'NO',
  };
  return { name, value, unit, ratio: judged, driverRatio: xDriver, bareRatio: xBare, pairs, cpu, target, met, display };
}

/** The printed rows: baselines, the judged transfers beside them, then memory. */
function rows(size, small, fulls, atRest) {
  const mb = `${Math.round(size / MiB)} MiB`;
  const of = (key) => fulls.map((r) => r[key]);
  const best = (runs) => Math.max(...runs.map((r) => r.mbps));
  const cpu = (runs) => median(runs.map((r) => r.cpuPerGiB));
  const driverWrite = Math.max(...fulls.map((r) => r.driver.write));
  const driverRead = Math.max(...fulls.map((r) => r.driver.read));
  const barePuts = [...of('bareDirect'), ...of('bareForm')];
  const bareWrite = best(barePuts);
  const bareRead = best(of('bareGet'));
  const upload = (name, key, min) => {
    const pairs = fulls.map((r) => r.ratios[key]);
    const value = best(of(key));
    const target = { min, of: 'x bare http' };
    return row(name, value, 'MB/s', {
      xDriver: value / driverWrite,
      xBare: median(pairs),
      pairs,
      cpu: cpu(of(key)),
      target,
    });
  };
  const downloadPairs = fulls.map((r) => r.ratios.download);
  const download = best(of('download'));
  const peakOf = (rs) => Math.max(...rs.flatMap((r) => [r.direct.rss.peak, r.posted.rss.peak, r.download.rss.peak]));
  const smallPeak = peakOf([small]);
  const fullPeak = peakOf(fulls);
  const rss = { max: FILE_TARGETS.peakRssMb };
  return [
    row(`LOCAL driver write, ${mb} (information, best)`, driverWrite, 'MB/s', {
      xDriver: 1,
      pairs: fulls.map((r) => r.driver.write / driverWrite),
    }),
    // No upload through any HTTP server on this machine can beat it.
    row(`loopback ceiling: PUT ${mb} into a discarding node:http`, best(of('discard')), 'MB/s', {
      xDriver: best(of('discard')) / driverWrite,
      xBare: best(of('discard')) / bareWrite,
      cpu: cpu(of('discard')),
    }),
    row(`driver behind bare node:http, PUT ${mb} (upload baseline, best)`, bareWrite, 'MB/s', {
      xDriver: bareWrite / driverWrite,
      xBare: 1,
      pairs: barePuts.map((r) => r.mbps / bareWrite),
      cpu: cpu(barePuts),
    }),
    upload(`PUT /api/upload-direct, ${mb}`, 'direct', FILE_TARGETS.direct),
    upload(`POST /api/upload (streamed form), ${mb}`, 'posted', FILE_TARGETS.form),
    row(`LOCAL driver read, ${mb} (download baseline, best)`, driverRead, 'MB/s', {
      xDriver: 1,
      pairs: fulls.map((r) => r.driver.read / driverRead),
    }),
    row(`driver behind bare node:http, GET ${mb} (information)`, bareRead, 'MB/s', {
      xDriver: bareRead / driverRead,
      xBare: 1,
      cpu: cpu(of('bareGet')),
    }),
    row(`GET /api/file-download (proxy), ${mb}`, download, 'MB/s', {
      xDriver: median(downloadPairs),
      xBare: download / bareRead,
      pairs: downloadPairs,
      cpu: cpu(of('download')),
      target: { min: FILE_TARGETS.download, of: 'x driver' },
    }),
    row('server RSS at rest, before the transfers', atRest, 'MB'),
    row(`server peak RSS, ${Math.round(size / 4 / MiB)} MiB transfers`, smallPeak, 'MB', { target: rss }),
    row(`server peak RSS, ${mb} transfers`, fullPeak, 'MB', { target: rss }),
    row('flat in file size: peak growth from the quarter-size round', fullPeak - smallPeak, 'MB', {
      target: { max: FILE_TARGETS.rssGrowthMb },
    }),
    row('server VmHWM (whole run)', Math.max(...fulls.map((r) => r.download.rss.hwm)), 'MB'),
  ];
}

/**
 * The section: a quarter-size round (to show memory does not grow with the file), then BENCH_FILE_ROUNDS
 * (default 3) full-size rounds of BENCH_FILE_MB (default 1024) in which every transfer is paired with its
 * baseline. Speeds are the best of the rounds; a transfer's judged ratio is the median of its paired ones
 * (all are printed under "per round").
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
  const ctx = { port, pid, auth };
  const small = await round(ctx, Math.max(MiB, Math.floor(size / 4)), false);
  const fulls = [];
  for (let i = 0; i < rounds; i += 1) fulls.push(await round(ctx, size, true));
  return rows(size, small, fulls, atRest);
}
