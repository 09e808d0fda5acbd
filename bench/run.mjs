// `npm run bench`: starts the built server on a throwaway data directory and measures routes with a
// loopback load generator (autocannon, keep-alive). Each figure is printed beside a trivial route
// measured in the same run, so the ratio — not the absolute number — is what to compare across machines.
// Later sections (pastes, files, listings) add themselves to SECTIONS.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureBuilt } from '../scripts/lib.mjs';

ensureBuilt();

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = { username: 'admin', password: 'bench-Admin-Password-1' };

/** Runs autocannon against one request shape and returns requests per second (mean). */
async function measure(path, { method = 'GET', headers = {}, body } = {}) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${path}`,
    method,
    headers,
    body,
    connections: 32,
    pipelining: 1,
    duration: DURATION,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** Starts the server and resolves once /api/health answers. */
async function startServer(dataDir) {
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

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
      { name: 'GET /api/test/admin-token (session lookup)', rps: await measure('/api/test/admin-token', { headers: auth }), ratio: null },
    ].map((row) => ({ ...row, ratio: row.rps / baseline }));
  },
};

const dataDir = mkdtempSync(join(tmpdir(), 'driftbox-bench-'));
const server = await startServer(dataDir);
const results = {};
try {
  for (const [section, run] of Object.entries(SECTIONS)) {
    const rows = await run();
    results[section] = rows;
    console.log(`\n## ${section}`);
    console.table(rows.map((r) => ({ route: r.name, 'req/s': Math.round(r.rps), 'x baseline': r.ratio.toFixed(2) })));
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(join(root, '.tmp', 'bench.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.log('\nresults written to .tmp/bench.json');
