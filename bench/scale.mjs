// The "scale" bench section (issue 32): the mixed workload of workload.mjs (BENCH_LOAD_CLIENTS, default 32
// clients) against one instance and against two (requests round-robin), alternating 1-2-1-2 for BENCH_SECONDS
// (default 5) each after a warm-up as long on both. Both instances run on one throwaway PostgreSQL cluster
// (the tests' packages/server/test/pg-cluster.ts, bundled) and one DATA_DIR (LOCAL storage on a folder both
// reach, as a shared volume would be). Printed: req/s (each run beside), p99, the servers' CPU per 1 000 requests from /proc,
// and the ratios two ÷ one.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BENCH_ADMIN, startBenchServer } from './server.mjs';
import { percentile, prepareWorkload, runWorkload } from './workload.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const TEST_DIR = join(here, '..', 'packages/server/test');
const CLOCK_TICKS = 100;

/** The tests' PostgreSQL cluster and free-port helpers, bundled from their TypeScript source. */
async function pgModule() {
  const outfile = join(here, '..', '.tmp/bench/pg-cluster.mjs');
  await build({
    stdin: {
      contents: "export { startPgCluster } from './pg-cluster.ts'; export { freePort } from './free-port.ts';",
      resolveDir: TEST_DIR,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return import(outfile);
}

/** CPU seconds (user + system) `pid` has used so far (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export async function scaleSection() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const clients = Number(process.env.BENCH_LOAD_CLIENTS ?? 32);
  const row = (name, value, note = '') => ({ display: { measure: name, value, note } });
  const { startPgCluster, freePort } = await pgModule();
  let cluster;
  try {
    cluster = await startPgCluster('driftbox-bench-pg-');
  } catch (err) {
    return [row('skipped', String(err instanceof Error ? err.message : err).split('\n')[0])];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'driftbox-bench-scale-'));
  const env = { DATABASE_URL: cluster.url, ENCRYPTION_SECRET: randomBytes(32).toString('hex') };
  const servers = [];
  try {
    // One after the other: the first runs the migrations and creates the admin.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      servers.push({ base: `http://127.0.0.1:${port}`, child: await startBenchServer({ port, dataDir, env }) });
    }
    const login = await fetch(`${servers[0].base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    }).then((r) => r.json());
    const auth = { authorization: `Bearer ${login.data.token}` };
    const fixtures = await prepareWorkload(servers[0].base, auth);
    const run = async (count) => {
      const used = servers.slice(0, count);
      const before = used.map((s) => cpuSeconds(s.child.pid));
      const result = await runWorkload({ bases: used.map((s) => s.base), auth, fixtures, seconds, clients });
      const cpu = used.reduce((sum, s, i) => sum + cpuSeconds(s.child.pid) - before[i], 0);
      return { ...result, cpu };
    };
    // Warm-up on both (the JIT's first seconds cost several times the CPU per request), then alternating.
    await run(2);
    const runs = [];
    for (const count of [1, 2, 1, 2]) runs.push({ count, ...(await run(count)) });
    const of = (count) => {
      const mine = runs.filter((r) => r.count === count);
      const requests = mine.reduce((sum, r) => sum + r.latencies.length, 0);
      return {
        rps: requests / (mine.length * seconds),
        cpuPer1000: (mine.reduce((sum, r) => sum + r.cpu, 0) / requests) * 1000,
        p99: percentile(
          mine.flatMap((r) => r.latencies).sort((x, y) => x - y),
          99,
        ),
      };
    };
    const one = of(1);
    const two = of(2);
    const bad = runs.reduce((sum, r) => sum + r.fiveXx + r.errors + r.unexpected, 0);
    const line = (r) =>
      `${Math.round(r.rps)} req/s, p99 ${r.p99.toFixed(0)} ms, ${r.cpuPer1000.toFixed(2)} CPU s per 1 000`;
    return [
      row(
        'one instance (2 runs)',
        line(one),
        runs
          .filter((r) => r.count === 1)
          .map((r) => Math.round(r.rps))
          .join(' / '),
      ),
      row(
        'two instances, round-robin (2 runs)',
        line(two),
        runs
          .filter((r) => r.count === 2)
          .map((r) => Math.round(r.rps))
          .join(' / '),
      ),
      row(
        'ratio two ÷ one, req/s',
        (two.rps / one.rps).toFixed(2),
        `${cpus().length} cores: this measures the overhead of a second instance, not a speed-up`,
      ),
      row('ratio two ÷ one, server CPU per request', (two.cpuPer1000 / one.cpuPer1000).toFixed(2)),
      row('5xx / errors / unexpected 4xx (all runs)', String(bad), bad === 0 ? '' : 'NOT zero'),
    ];
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(
      servers.map((s) => new Promise((r) => (s.child.exitCode === null ? s.child.once('exit', r) : r()))),
    );
    cluster.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
