// The "load" bench section (issue 32): BENCH_LOAD_SECONDS (default 60) at saturation on the mixed workload of
// workload.mjs from BENCH_LOAD_CLIENTS (default 32) keep-alive clients. Targets: zero 5xx, zero errors but the
// expected 429s (logins), RSS at the end within 20 % of the RSS after the first 10 s; p50/p99 printed. The
// trivial route's req/s measured right before is printed beside it as this machine's ceiling.
// RSS is compared as the mean over a window, not one sample: the old generation fills with promoted garbage
// up to V8's limit between full collections (the server's 64 MiB heap floor), so RSS saw-tooths by ±15 % at a
// flat live heap (2026-11-27: 22–30 MB after every full GC over 60 s). One sample at 10 s caught the first
// fill half-way and one at the end any point of a tooth. Window: 10 s to 10 s + W against the last W,
// W = 20 s (shorter runs: half of what follows the first 10 s). A leak still raises the later mean.
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
  const samples = [];
  const rssTimer = setInterval(() => samples.push({ at: (Date.now() - started) / 1000, mb: rssMb(pid) }), 250);
  const run = await runWorkload({ bases: [base], auth, fixtures, seconds, clients });
  clearInterval(rssTimer);
  const window = Math.min(20, (seconds - 10) / 2);
  const meanOver = (from, to) => {
    const inside = samples.filter((s) => s.at >= from && s.at <= to);
    return inside.length ? inside.reduce((sum, s) => sum + s.mb, 0) / inside.length : null;
  };
  const rssAt10 = meanOver(10, 10 + window);
  const rssEnd = meanOver(seconds - window, seconds) ?? rssMb(pid);
  const peak = Math.max(...samples.map((s) => s.mb));
  const at10 = samples.find((s) => s.at >= 10)?.mb ?? 0;
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
      `RSS, mean over 10–${10 + window} s → last ${window} s, MB (peak ${peak.toFixed(0)})`,
      `${rssAt10?.toFixed(0) ?? '?'} → ${rssEnd.toFixed(0)} (${(growth * 100).toFixed(0)} %)`,
      '<= +20 %',
      growth <= LOAD_TARGETS.rssGrowth ? 'yes' : 'NO',
    ),
    row('RSS, one sample at 10 s → end, MB (the old reading)', `${at10.toFixed(0)} → ${rssMb(pid).toFixed(0)}`),
    row('all targets', met ? 'met' : 'NOT met'),
  ];
}
