// The "zip" bench section: the file basket's ZIP (POST /api/fs/archive) of BENCH_ZIP_MB (default 1024) MiB in
// four files on LOCAL storage, read by the client as fast as it can — throughput, and the server's peak memory,
// which must not grow with the archive (issue 26: a 1 GiB ZIP with peak RSS < 200 MB).
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { chunks } from './bytes.mjs';
import { timed } from './files-measure.mjs';

const MiB = 1024 * 1024;
export const ZIP_TARGETS = { peakRssMb: 200 };

/** Reads an archive of `/zip-bench` to the end, counting its bytes. */
async function download(port, auth) {
  const res = await fetch(`http://127.0.0.1:${port}/api/fs/archive`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ paths: ['/zip-bench'] }),
  });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.byteLength;
  return { status: res.status, bytes };
}

export async function zipSection({ port, pid, auth, dataDir }) {
  const size = Number(process.env.BENCH_ZIP_MB ?? 1024) * MiB;
  // The files go straight into the LOCAL config's object folder (not timed), then a mount shows them.
  const folder = join(dataDir, 'storage', 'local', 'objects', 'zip-bench');
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < 4; i++)
    await pipeline(Readable.from(chunks(size / 4)), createWriteStream(join(folder, `part-${i}.bin`)));
  const mount = await fetch(`http://127.0.0.1:${port}/api/admin/mounts`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'zip-bench', mount_path: '/zip-bench', storage_config_id: 'local' }),
  });
  if (mount.status !== 201) throw new Error(`mount: ${mount.status} ${await mount.text()}`);
  const run = await timed(pid, size, () => download(port, auth));
  if (run.status !== 200 || run.bytes < size) throw new Error(`archive answered ${run.status} with ${run.bytes} bytes`);
  return [
    {
      display: {
        case: `ZIP of ${size / MiB} MiB (4 files, LOCAL)`,
        'MB/s': run.mbps.toFixed(0),
        'CPU s/GiB': run.cpuPerGiB.toFixed(2),
        'peak RSS MB': run.rss.peak.toFixed(0),
        target: `< ${ZIP_TARGETS.peakRssMb} MB`,
        met: run.rss.peak < ZIP_TARGETS.peakRssMb ? 'yes' : 'NO',
      },
    },
  ];
}
