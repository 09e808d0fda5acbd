// The "webdav" section's listing baseline, in its own process (bundled by webdav-propfind.mjs, run with the
// server's V8 flags and malloc settings): `webdav-list-driver.mjs <store root> <prefix>` lists that folder of the
// raw LOCAL driver once per line read from stdin — `folder`: the one-pass listing (`listFolder`, what PROPFIND
// walks), `paged`: every page of `list` with the delimiter — and answers each with one JSON line
// `{ "ms", "cpuMs", "entries" }` (cpuMs: this process's CPU time, all threads, user and system).
import { createInterface } from 'node:readline';
import { systemClock } from '../packages/server/src/lib/clock.ts';
import { createMac } from '../packages/server/src/lib/crypto/mac.ts';
import { createLocalStore } from '../packages/server/src/storage/local.driver.ts';

const [root, prefix] = process.argv.slice(2);
const store = createLocalStore({
  configId: 'local',
  root,
  mac: createMac('bench-only-secret-0123456789abcdefghij'),
  clock: systemClock(),
});

const listings = {
  async folder() {
    let entries = 0;
    for await (const batch of store.listFolder(prefix)) entries += batch.objects.length + batch.prefixes.length;
    return entries;
  },
  async paged() {
    let entries = 0;
    let cursor;
    do {
      const page = await store.list({ prefix, delimiter: '/', cursor });
      entries += page.objects.length + page.prefixes.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return entries;
  },
};

for await (const line of createInterface({ input: process.stdin })) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const entries = await listings[line.trim()]();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ ms, cpuMs: (used.user + used.system) / 1000, entries }));
}
