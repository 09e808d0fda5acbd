// The "load" bench section (issue 32): BENCH_LOAD_SECONDS (default 60) at saturation on a mixed workload —
// paste create and read, a file share's download, a mount listing, wrong-password logins — from
// BENCH_LOAD_CLIENTS (default 32) keep-alive clients. Targets: zero 5xx, zero errors but the expected 429s
// (logins), RSS at the end within 20 % of the RSS after the first 10 s; p50/p99 printed. The trivial route's
// req/s measured right before is printed beside it as this machine's ceiling.
import { readFileSync } from 'node:fs';

const MiB = 1024 * 1024;
export const LOAD_TARGETS = { rssGrowth: 0.2 };

/** Resident memory of `pid` in MB (Linux). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function loadSection({ port, pid, auth, measure }) {
  const base = `http://127.0.0.1:${port}`;
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  const clients = Number(process.env.BENCH_LOAD_CLIENTS ?? 32);
  const json = { ...auth, 'content-type': 'application/json' };

  // What the workload reads: a paste, a 256 KiB file share, a mount of 50 files on LOCAL.
  const paste = await fetch(`${base}/api/paste`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ content: '# Load\n\n' + 'text '.repeat(200) }),
  }).then((r) => r.json());
  const share = await fetch(`${base}/api/upload-direct/load.bin?slug=load-bench`, {
    method: 'PUT',
    headers: auth,
    body: Buffer.alloc(MiB / 4, 7),
  }).then((r) => r.json());
  if (!paste.success || !share.success) throw new Error('load: setup failed');
  await fetch(`${base}/api/admin/mounts`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'load', mount_path: '/load', storage_config_id: 'local', cache_ttl: 0 }),
  });
  for (let n = 0; n < 50; n++) {
    const form = new FormData();
    form.append('path', '/load');
    form.append('file', new Blob([`file ${n}`]), `f${n}.txt`);
    await fetch(`${base}/api/fs/upload`, { method: 'POST', headers: auth, body: form });
  }

  const ceiling = await measure('/api/version');
  const operations = [
    {
      name: 'paste create',
      weight: 2,
      run: () => fetch(`${base}/api/paste`, { method: 'POST', headers: json, body: '{"content":"load"}' }),
    },
    { name: 'paste read', weight: 4, run: () => fetch(`${base}/api/paste/${paste.data.slug}`) },
    { name: 'file download', weight: 1.5, run: () => fetch(`${base}/api/file-download/load-bench`) },
    { name: 'listing', weight: 1.5, run: () => fetch(`${base}/api/fs/list?path=%2Fload`, { headers: auth }) },
    {
      name: 'login (wrong password)',
      weight: 1,
      run: () =>
        fetch(`${base}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"username":"admin","password":"wrong"}',
        }),
    },
  ];
  const total = operations.reduce((sum, o) => sum + o.weight, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const o of operations) if ((r -= o.weight) < 0) return o;
    return operations[0];
  };

  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  let unexpected = 0;
  const started = Date.now();
  const end = started + seconds * 1000;
  let rssAt10 = null;
  const rssTimer = setInterval(() => {
    if (rssAt10 === null && Date.now() - started >= 10_000) rssAt10 = rssMb(pid);
  }, 250);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < end) {
        const op = pick();
        const t0 = performance.now();
        try {
          const res = await op.run();
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const expected = res.ok || (op.name.startsWith('login') && (res.status === 401 || res.status === 429));
          if (!expected) unexpected += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  clearInterval(rssTimer);
  const rssEnd = rssMb(pid);
  latencies.sort((a, b) => a - b);
  const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
  const growth = rssAt10 ? (rssEnd - rssAt10) / rssAt10 : 0;
  const rps = latencies.length / seconds;
  const met = fiveXx === 0 && errors === 0 && unexpected === 0 && growth <= LOAD_TARGETS.rssGrowth;
  const row = (name, value, target = '', ok = '') => ({ display: { measure: name, value, target, met: ok } });
  return [
    row("trivial route (this machine's ceiling), req/s", Math.round(ceiling)),
    row(`mixed workload, ${clients} clients, ${seconds} s: req/s`, Math.round(rps)),
    row('latency p50 / p99, ms', `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)}`),
    row(
      'statuses',
      [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}:${n}`)
        .join(' '),
    ),
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
