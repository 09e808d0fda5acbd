// The mixed workload of the "load" and "scale" sections (issue 32): paste create 20 %, paste read 40 %, a 256 KiB
// file share's download 15 %, a 50-object mount listing 15 %, wrong-password logins 10 % (401, then 429: expected).
const MiB = 1024 * 1024;

/** What the workload reads, created through `base`: a paste, a 256 KiB file share, a mount of 50 files on LOCAL. */
export async function prepareWorkload(base, auth) {
  const json = { ...auth, 'content-type': 'application/json' };
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
  if (!paste.success || !share.success) throw new Error('workload: setup failed');
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
  return { pasteSlug: paste.data.slug };
}

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `clients` keep-alive clients for `seconds`, each request sent to the next of `bases` in turn (round-robin).
 * Returns the sorted latencies (ms), statuses, transport errors, 5xx and unexpected statuses.
 */
export async function runWorkload({ bases, auth, fixtures, seconds, clients }) {
  const json = { ...auth, 'content-type': 'application/json' };
  let turn = 0;
  const next = () => bases[turn++ % bases.length];
  const operations = [
    {
      name: 'paste create',
      weight: 2,
      run: () => fetch(`${next()}/api/paste`, { method: 'POST', headers: json, body: '{"content":"load"}' }),
    },
    { name: 'paste read', weight: 4, run: () => fetch(`${next()}/api/paste/${fixtures.pasteSlug}`) },
    { name: 'file download', weight: 1.5, run: () => fetch(`${next()}/api/file-download/load-bench`) },
    { name: 'listing', weight: 1.5, run: () => fetch(`${next()}/api/fs/list?path=%2Fload`, { headers: auth }) },
    {
      name: 'login (wrong password)',
      weight: 1,
      run: () =>
        fetch(`${next()}/api/admin/login`, {
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
  const end = Date.now() + seconds * 1000;
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
  latencies.sort((a, b) => a - b);
  const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
  return { latencies, statuses, errors, unexpected, fiveXx, rps: latencies.length / seconds };
}

/** Statuses as `200:n 201:n …`. */
export const statusLine = (statuses) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
