// The "webdav" section's listing baseline, in its own process (bundled by webdav.mjs like files-driver.mjs):
//   webdav-list-driver.mjs <store root> <prefix> <runs>  lists one folder of the raw LOCAL driver, every page
//   with the delimiter, `runs` times; prints `{ "ms": [..], "entries": n }`
import { systemClock } from '../packages/server/src/lib/clock.ts';
import { createMac } from '../packages/server/src/lib/crypto/mac.ts';
import { createLocalStore } from '../packages/server/src/storage/local.driver.ts';

const [root, prefix, runs] = process.argv.slice(2);
const store = createLocalStore({
  configId: 'local',
  root,
  mac: createMac('bench-only-secret-0123456789abcdefghij'),
  clock: systemClock(),
});
const ms = [];
let entries = 0;
for (let i = 0; i < Number(runs); i++) {
  const started = performance.now();
  entries = 0;
  let cursor;
  do {
    const page = await store.list({ prefix, delimiter: '/', cursor });
    entries += page.objects.length + page.prefixes.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  ms.push(performance.now() - started);
}
console.log(JSON.stringify({ ms, entries }));
