// Baselines of the "files" bench section, in their own process (the driver is TypeScript source;
// files-baselines.mjs bundles this script with esbuild, as the server's dist is built, and runs the bundle):
//   files-driver.mjs measure <dir> <bytes>  the raw LOCAL driver's write and read speed of the same bytes
//                                            the server moves; prints `{ "write": MB/s, "read": MB/s }`
//   files-driver.mjs serve <dir>            the same driver behind a bare node:http server, the uploads'
//                                            baseline (PUT/GET /raw; the GET is the first read of the file
//                                            just PUT, like the driver's read baseline: on this VM first reads
//                                            cost 3–4 s of CPU per GiB, later ones 0.7), and PUT /discard (the
//                                            body read and dropped: what loopback alone allows); prints the port
import http from 'node:http';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { systemClock } from '../packages/server/src/lib/clock.ts';
import { createMac } from '../packages/server/src/lib/crypto/mac.ts';
import { createLocalStore } from '../packages/server/src/storage/local.driver.ts';
import { chunks, settleDisk } from './bytes.mjs';

const [mode, dir, sizeArg] = process.argv.slice(2);
const MiB = 1024 * 1024;
const store = createLocalStore({
  configId: 'bench',
  root: dir,
  mac: createMac('bench-only-secret-0123456789abcdefghij'),
  clock: systemClock(),
});

if (mode === 'serve') {
  const server = http.createServer((req, res) => {
    const done = (status) => res.writeHead(status).end();
    if (req.method === 'PUT' && req.url === '/discard') {
      req.on('data', () => undefined).once('end', () => done(201));
      return;
    }
    if (req.method === 'PUT') {
      const length = Number(req.headers['content-length']);
      store.put('raw.bin', req, Number.isFinite(length) ? { contentLength: length } : {}).then(
        () => done(201),
        () => done(500),
      );
      return;
    }
    store.get('raw.bin').then(
      ({ body, size }) => {
        res.writeHead(200, { 'Content-Length': String(size) });
        pipeline(body, res).catch(() => undefined);
      },
      () => done(404),
    );
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
} else {
  const size = Number(sizeArg);
  settleDisk();
  let started = performance.now();
  await store.put('bench.bin', Readable.from(chunks(size)), { contentLength: size });
  const write = size / MiB / ((performance.now() - started) / 1000);
  settleDisk();
  started = performance.now();
  const { body } = await store.get('bench.bin');
  await pipeline(body, new Writable({ write: (_chunk, _encoding, callback) => callback() }));
  const read = size / MiB / ((performance.now() - started) / 1000);
  await store.delete(['bench.bin']);
  process.stdout.write(JSON.stringify({ write, read }));
}
