// The "load" bench section (issue 32): BENCH_LOAD_SECONDS (default 60) at saturation on the mixed workload of
// workload.mjs from BENCH_LOAD_CLIENTS (default 32) keep-alive clients. Targets: zero 5xx, zero errors but the
// expected 429s (logins), RSS at the end within 20 % of the RSS after the first 10 s; p50/p99 printed. The
// trivial route's req/s measured right before is printed beside it as this machine's ceiling.
import { readFileSync } from 'node:fs';
import { percentile, prepareWorkload, runWorkload, statusLine } from './workload.mjs';

export const LOAD_TARGETS = { rssGrowth: 0.2 };

/** Resident memory of `pid` in MB (Linux). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

export async function loadSection({ port, pid, auth, measure }) {
  const base = `http://127.0.0.1:${port}`;
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  const clients = Number(process.env.BENCH_LOAD_CLIENTS ?? 32);
  const fixtures = await prepareWorkload(base, auth);

  const ceiling = await measure('/api/version');
  const started = Date.now();
  let rssAt10 = null;
  const rssTimer = setInterval(() => {
    if (rssAt10 === null && Date.now() - started >= 10_000) rssAt10 = rssMb(pid);
  }, 250);
  const run = await runWorkload({ bases: [base], auth, fixtures, seconds, clients });
  clearInterval(rssTimer);
  const rssEnd = rssMb(pid);
  const { latencies, statuses, errors, unexpected, fiveXx } = run;
  const growth = rssAt10 ? (rssEnd - rssAt10) / rssAt10 : 0;
  const met = fiveXx === 0 && errors === 0 && unexpected === 0 && growth <= LOAD_TARGETS.rssGrowth;
  const row = (name, value, target = '', ok = '') => ({ display: { measure: name, value, target, met: ok } });
  return [
    row("trivial route (this machine's ceiling), req/s", Math.round(ceiling)),
    row(`mixed workload, ${clients} clients, ${seconds} s: req/s`, Math.round(run.rps)),
    row('latency p50 / p99, ms', `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)}`),
    row('statuses', statusLine(statuses)),
    row(
      '5xx / errors / unexpected 4xx',
      `${fiveXx} / ${errors} / ${unexpected}`,
      '0 / 0 / 0',
      fiveXx + errors + unexpected === 0 ? 'yes' : 'NO',
    ),
    row(
      'RSS after 10 s → end, MB',
      `${rssAt10?.toFixed(0) ?? '?'} → ${rssEnd.toFixed(0)} (${(growth * 100).toFixed(0)} %)`,
      '<= +20 %',
      growth <= LOAD_TARGETS.rssGrowth ? 'yes' : 'NO',
    ),
    row('all targets', met ? 'met' : 'NOT met'),
  ];
}
