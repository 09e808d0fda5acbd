// `npm run bench`: starts the built server on a throwaway data directory and measures routes with a
// loopback load generator (autocannon, keep-alive). Each figure is printed beside a trivial route
// measured in the same run, so the ratio — not the absolute number — is what to compare across machines.
// Later sections (pastes, files, listings) add themselves to SECTIONS.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureBuilt } from '../scripts/lib.mjs';
import { filesSection } from './files.mjs';
import { vfsSection } from './vfs.mjs';
import { zipSection } from './zip.mjs';
import { webdavSection } from './webdav.mjs';
import { webSection } from './web.mjs';
import { loadSection } from './load.mjs';
import { scaleSection } from './scale.mjs';
import { BENCH_ADMIN, startBenchServer } from './server.mjs';

ensureBuilt();

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = BENCH_ADMIN;

const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

/**
 * Runs autocannon against one request shape and returns requests per second (mean). A short unmeasured
 * run comes first, so the mean is of a warmed-up route (JIT, statement caches), not of its first second.
 * `base` points it at another server (the bare node:http ceiling of bench/ceiling.mjs).
 */
async function measure(path, { method = 'GET', headers = {}, body, base = `http://127.0.0.1:${PORT}` } = {}) {
  const load = (duration) =>
    autocannon({
      url: `${base}${path}`,
      method,
      headers,
      body,
      connections: 32,
      pipelining: 1,
      duration,
    });
  if (WARMUP > 0) await load(WARMUP);
  const result = await load(DURATION);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** Starts the server (server.mjs) on BENCH_PORT with the SQLite database in `dataDir`. */
const startServer = (dataDir) => startBenchServer({ port: PORT, dataDir });

const SECTIONS = {
  /** The foundation: the trivial route against routes that touch the database or check auth. */
  async core() {
    const login = await fetch(`http://127.0.0.1:${PORT}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }).then((r) => r.json());
    const auth = { authorization: `Bearer ${login.data.token}` };
    const baseline = await measure('/api/version');
    return [
      { name: 'GET /api/version (trivial baseline)', rps: baseline, ratio: 1 },
      { name: 'GET /api/health (database round trip)', rps: await measure('/api/health'), ratio: null },
      {
        name: 'GET /api/test/admin-token (session lookup)',
        rps: await measure('/api/test/admin-token', { headers: auth }),
        ratio: null,
      },
    ].map((row) => ({ ...row, ratio: row.rps / baseline }));
  },

  /**
   * Text shares: create throughput, public read throughput (each read is one atomic view-counting
   * UPDATE), and protected reads presenting the access token issued after one password check (no
   * scrypt per read). Targets are ratios to the trivial route measured in the same run.
   */
  async pastes() {
    const post = (path, body, headers = {}) =>
      fetch(`http://127.0.0.1:${PORT}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const login = await post('/api/admin/login', ADMIN);
    const admin = { authorization: `Bearer ${login.data.token}` };
    // About 1 KB of Markdown, a typical clipboard paste.
    const content =
      '# Bench paste\n\n' + 'Some *markdown* text with `code` and a [link](https://example.com).\n'.repeat(15);
    const open = await post('/api/paste', { content }, admin);
    const locked = await post('/api/paste', { content, password: 'bench-paste-password' }, admin);
    const unlocked = await post(`/api/paste/${locked.data.slug}`, { password: 'bench-paste-password' });
    const routes = [
      {
        name: 'POST /api/paste (create, admin)',
        path: '/api/paste',
        options: {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ content }),
        },
        target: null,
      },
      { name: 'GET /api/paste/{slug} (public read)', path: `/api/paste/${open.data.slug}`, options: {}, target: 0.5 },
      {
        name: 'GET /api/paste/{slug} (X-Paste-Token read)',
        path: `/api/paste/${locked.data.slug}`,
        options: { headers: { 'x-paste-token': unlocked.data.accessToken } },
        target: 0.4,
      },
    ];
    // On a shared machine the baseline drifts: each route is compared with the baseline measured
    // right before and right after it, rather than with one figure from the start of the section.
    const baselines = [await measure('/api/version')];
    const rows = [];
    for (const route of routes) {
      const rps = await measure(route.path, route.options);
      baselines.push(await measure('/api/version'));
      rows.push({
        name: route.name,
        rps,
        target: route.target,
        ratio: rps / ((baselines.at(-2) + baselines.at(-1)) / 2),
      });
    }
    const baseline = baselines.reduce((a, b) => a + b, 0) / baselines.length;
    return [{ name: 'GET /api/version (trivial baseline, mean)', rps: baseline, ratio: 1, target: null }, ...rows];
  },

  /**
   * A large file (BENCH_FILE_MB, default 1024) through the server on LOCAL: uploads against the driver behind a
   * bare node:http server, the download against the raw driver's read, and the server's memory (files.mjs).
   */
  async files() {
    return filesSection({ port: PORT, pid: server.pid, auth: await adminAuth() });
  },

  /** The file basket's ZIP of BENCH_ZIP_MB (default 1024) MiB on LOCAL: throughput and the server's peak RSS. */
  async zip() {
    return zipSection({ port: PORT, pid: server.pid, auth: await adminAuth(), dataDir });
  },

  /** Listing and search of a mount of 10 000 objects on LOCAL and MinIO against the raw drivers (vfs.mjs). */
  async vfs() {
    return vfsSection({ port: PORT, auth: await adminAuth(), dataDir, measure, barePort: PORT + 1 });
  },

  /** WebDAV (bench/webdav.mjs): 1 GiB PUT/GET through /dav against the fs API, PROPFIND of 10 000 objects. */
  async webdav() {
    return webdavSection({ port: PORT, pid: server.pid, auth: await adminAuth(), dataDir, barePort: PORT + 1 });
  },

  /** 60 s at saturation on a mixed workload: zero 5xx, flat RSS, p99 (load.mjs). */
  async load() {
    return loadSection({ port: PORT, pid: server.pid, auth: await adminAuth(), measure });
  },

  /** The load's workload against one and against two instances on one PostgreSQL: the ratio (scale.mjs). */
  async scale() {
    return scaleSection();
  },

  /** First paint of the public pages in 4×-throttled headless Chromium against /api/raw as the floor (web.mjs). */
  async web() {
    return webSection({ port: PORT, auth: await adminAuth() });
  },
};

/** The admin's bearer header for the sections that call admin routes. */
async function adminAuth() {
  const login = await fetch(`http://127.0.0.1:${PORT}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  }).then((r) => r.json());
  return { authorization: `Bearer ${login.data.token}` };
}

const dataDir = mkdtempSync(join(tmpdir(), 'driftbox-bench-'));
const server = await startServer(dataDir).catch((err) => {
  rmSync(dataDir, { recursive: true, force: true }); // a taken port left an empty data directory behind
  throw err;
});
const results = {};
try {
  // BENCH_SECTIONS=pastes,files runs only those sections (default: all).
  const only = process.env.BENCH_SECTIONS?.split(',').map((name) => name.trim());
  for (const [section, run] of Object.entries(SECTIONS).filter(([name]) => !only || only.includes(name))) {
    const rows = await run();
    results[section] = rows;
    console.log(`\n## ${section}`);
    // Rows with a `target` (a minimum ratio to the baseline) also say whether it was met.
    const targetColumns = (r) =>
      r.target ? { target: `>= ${r.target}`, met: r.ratio >= r.target ? 'yes' : 'NO' } : { target: '', met: '' };
    // Sections measuring something else than requests per second (files: MB/s, MB) bring their own columns.
    console.table(
      rows.map(
        (r) =>
          r.display ?? {
            route: r.name,
            'req/s': Math.round(r.rps),
            'x baseline': r.ratio.toFixed(2),
            ...targetColumns(r),
          },
      ),
    );
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(join(root, '.tmp', 'bench.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.log('\nresults written to .tmp/bench.json');
