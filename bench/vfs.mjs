// The "vfs" bench section (issue 26): a mount holding BENCH_VFS_OBJECTS (default 10 000) objects in one folder,
// on LOCAL and on MinIO, listed and searched through the server; each figure beside the raw driver's own listing
// of the same objects, in the same run (vfs-raw.mjs):
//   listing page  GET /api/fs/list, uncached (refresh=true), one 1 000-entry page ≤ 1.5 × one raw delimiter page
//   search        GET /api/fs/search of the mount                               ≤ 2 × one raw full listing
//   cached page   GET /api/fs/list from the listing cache (autocannon)          ≥ 0.5 × GET /api/version
// Beside the cached page of 1 000, the machine's ceiling for it, measured the same way in the same run: a bare
// node:http server (ceiling.mjs) answering the page's bytes against the same server answering /api/version's.
// Timed calls alternate raw and server, BENCH_VFS_ROUNDS (5) each, and compare medians (this machine drifts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bareServer } from './ceiling.mjs';
import { median } from './files-measure.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const OBJECTS = Number(process.env.BENCH_VFS_OBJECTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_VFS_ROUNDS ?? 5);
const FOLDER = 'vfs-bench';
export const VFS_TARGETS = { page: 1.5, search: 2, cached: 0.5 };

const names = () => Array.from({ length: OBJECTS }, (_, i) => `file-${String(i).padStart(5, '0')}.txt`);

/** vfs-raw.mjs bundled (its imports are TypeScript source); the AWS SDK stays in node_modules. */
async function rawModule() {
  const outfile = join(here, '..', '.tmp/bench/vfs-raw.mjs');
  await build({
    entryPoints: [join(here, 'vfs-raw.mjs')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@aws-sdk/*'],
    logLevel: 'warning',
  });
  return import(outfile);
}

const ms = async (fn) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

/** Every page of a flat listing below `prefix` (what a search must beat twice over). */
async function fullListing(store, prefix) {
  let cursor;
  let count = 0;
  do {
    const page = await store.list({ prefix, limit: 1000, ...(cursor ? { cursor } : {}) });
    count += page.objects.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return count;
}

/** Writes the objects straight into the LOCAL config's folder (not timed). */
async function fillLocal(dataDir) {
  const folder = join(dataDir, 'storage', 'local', 'objects', FOLDER);
  mkdirSync(folder, { recursive: true });
  for (const name of names()) writeFileSync(join(folder, name), `object ${name}\n`);
}

export async function vfsSection({ port, auth, dataDir, measure, barePort }) {
  const base = `http://127.0.0.1:${port}`;
  const api = async (path, init = {}) => {
    const res = await fetch(base + path, { ...init, headers: { ...auth, 'content-type': 'application/json' } });
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const post = (path, body) => api(path, { method: 'POST', body: JSON.stringify(body) });
  const raw = await rawModule();
  const storages = [];

  await fillLocal(dataDir);
  storages.push({ kind: 'LOCAL', configId: 'local', store: raw.localStore(join(dataDir, 'storage', 'local')) });
  let minio = null;
  const skipped = [];
  if (raw.minioBinary()) {
    minio = await raw.minioBucket('vfs-bench');
    const started = performance.now();
    await minio.put(
      names().map((n) => `${FOLDER}/${n}`),
      64,
    );
    console.log(`vfs: ${OBJECTS} objects put into MinIO in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const o = minio.options;
    const config = await post('/api/s3-configs', {
      name: 'vfs-bench-minio',
      provider_type: o.provider,
      endpoint_url: o.endpoint,
      region: o.region,
      bucket_name: o.bucket,
      access_key_id: o.accessKeyId,
      secret_access_key: o.secretAccessKey,
      path_style: true,
    });
    storages.push({ kind: 'MinIO', configId: config.id, store: minio.store });
  } else {
    skipped.push('MinIO rows skipped: no cached MinIO binary (run the server tests once to build it)');
  }

  /**
   * The machine's ceiling for a cached page: a bare node:http server answering the route's own bytes and
   * /api/version's, each measured as the route was (the trivial answer before and after the page).
   */
  async function bareCeiling(url, routeRps) {
    const dir = join(here, '..', '.tmp/bench');
    mkdirSync(dir, { recursive: true });
    const save = async (path, file, headers = {}) => {
      const bytes = Buffer.from(await (await fetch(base + path, { headers })).arrayBuffer());
      writeFileSync(join(dir, file), bytes);
      return bytes.length;
    };
    const bytes = await save(url, 'vfs-page.json', auth);
    await save('/api/version', 'vfs-version.json');
    const bare = await bareServer(barePort, {
      '/page': join(dir, 'vfs-page.json'),
      '/version': join(dir, 'vfs-version.json'),
    });
    try {
      const trivial = [await measure('/version', { base: bare.base })];
      const page = await measure('/page', { base: bare.base });
      trivial.push(await measure('/version', { base: bare.base }));
      return {
        bytes,
        rps: page,
        trivialRps: (trivial[0] + trivial[1]) / 2,
        ratio: (2 * page) / (trivial[0] + trivial[1]),
        share: routeRps / page,
      };
    } finally {
      await bare.stop();
    }
  }

  const rows = [];
  try {
    for (const s of storages) {
      const path = `/vfs-${s.kind.toLowerCase()}`;
      const mount = await post('/api/admin/mounts', {
        name: `vfs-${s.kind}`,
        mount_path: path,
        storage_config_id: s.configId,
        cache_ttl: 300,
      });
      const listUrl = (extra = '') => `/api/fs/list?path=${encodeURIComponent(`${path}/${FOLDER}`)}&limit=1000${extra}`;
      const search = (q) =>
        api(`/api/fs/search?q=${q}&scope=mount&mount_id=${mount.id}&limit=200`).then((d) => {
          if (d.total < 1) throw new Error(`search ${q} on ${s.kind} found nothing`);
          return d;
        });
      // The index: the first search queues the mount's index-mount task; wait until it has run.
      const indexed = performance.now();
      for (;;) {
        const d = await api(`/api/fs/search?q=txt&scope=mount&mount_id=${mount.id}&limit=1`);
        if (d.mountsIndexing.length === 0 && d.total >= OBJECTS) break;
        if (performance.now() - indexed > 120_000) throw new Error(`index of ${s.kind} not filled in 120 s`);
        await new Promise((r) => setTimeout(r, 250));
      }
      console.log(`vfs: ${s.kind} index filled in ${((performance.now() - indexed) / 1000).toFixed(1)} s`);

      // Each round: the raw page and the server's page, one raw full listing and both searches.
      const timings = { rawPage: [], page: [], rawFull: [], broad: [], narrow: [] };
      const calls = {
        rawPage: () => s.store.list({ prefix: `${FOLDER}/`, delimiter: '/', limit: 1000 }),
        page: () => api(listUrl('&refresh=true')),
        rawFull: () => fullListing(s.store, `${FOLDER}/`),
        broad: () => search('txt'),
        narrow: () => search('file-0123'),
      };
      for (let i = 0; i <= ROUNDS; i++)
        for (const [name, call] of Object.entries(calls)) {
          const took = await ms(call);
          if (i > 0) timings[name].push(took); // round 0 warms up
        }
      const m = Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, median(v)]));
      const cases = [
        ['listing page (1 000 entries, uncached)', m.page, 'raw delimiter page', m.rawPage, VFS_TARGETS.page],
        [`search, broad (q=txt: all ${OBJECTS} match)`, m.broad, 'raw full listing', m.rawFull, VFS_TARGETS.search],
        ['search, narrow (q=file-0123: 10 match)', m.narrow, 'raw full listing', m.rawFull, VFS_TARGETS.search],
      ];
      for (const [name, server, baselineName, baseline, target] of cases) {
        const ratio = server / baseline;
        rows.push({
          name: `${name}, ${s.kind}`,
          storage: s.kind,
          serverMs: server,
          baselineMs: baseline,
          baseline: baselineName,
          ratio,
          targetMax: target,
          display: {
            case: `${name}, ${s.kind}`,
            server: `${server.toFixed(1)} ms`,
            baseline: `${baselineName} ${baseline.toFixed(1)} ms`,
            ratio: ratio.toFixed(2),
            target: `<= ${target}`,
            met: ratio <= target ? 'yes' : 'NO',
          },
        });
      }

      // Cached pages: throughput against the trivial route right before and right after.
      let before = await measure('/api/version');
      for (const limit of [1000, 100]) {
        const url = listUrl().replace('limit=1000', `limit=${limit}`);
        // One listing fills the cache first: 32 connections arriving at a cold page would each list it.
        await api(url);
        const rps = await measure(url, { headers: auth });
        const after = await measure('/api/version');
        const ratio = rps / ((before + after) / 2);
        const name = `cached listing page of ${limit}, ${s.kind}`;
        const ceiling = limit === 1000 ? await bareCeiling(url, rps) : null;
        rows.push({
          name,
          storage: s.kind,
          rps,
          baselineRps: (before + after) / 2,
          baseline: 'GET /api/version',
          ratio,
          targetMin: VFS_TARGETS.cached,
          display: {
            case: name,
            server: `${Math.round(rps)} req/s`,
            baseline: `GET /api/version ${Math.round((before + after) / 2)} req/s`,
            ratio: ratio.toFixed(2),
            target: `>= ${VFS_TARGETS.cached}`,
            met: ratio >= VFS_TARGETS.cached ? 'yes' : 'NO',
            ...(ceiling && {
              'ceiling ratio': `${ceiling.ratio.toFixed(2)} (bare node:http ${Math.round(ceiling.rps)} / ${Math.round(ceiling.trivialRps)} req/s, ${(ceiling.bytes / 1000).toFixed(0)} KB)`,
              'route / bare': ceiling.share.toFixed(2),
            }),
          },
          ...(ceiling && { ceiling }),
        });
        before = after;
      }
    }
  } finally {
    await minio?.stop();
  }
  for (const reason of skipped) {
    console.log(`vfs: ${reason}`);
    rows.push({ name: reason, skipped: true, display: { case: reason } });
  }
  return rows;
}
