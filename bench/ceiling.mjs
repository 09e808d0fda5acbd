// The machine's own ceiling, measured beside a route in the same run (the guide: a speed target this 2-core machine
// cannot show is written down next to what the machine itself reaches): a bare node:http server in its own
// process, with the server's V8 flags and malloc settings — no routing, no auth, no database — answering each
// path with one ready buffer (the bytes of a file the section wrote, e.g. the route's own answer).
//   node bench/ceiling.mjs <port> <path>=<file> …   (started by bareServer)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { spawnServerProcess } from '../scripts/lib.mjs';

const self = fileURLToPath(import.meta.url);

/** A process's CPU time so far, all threads, user and system (ms; /proc counts in 1/100 s ticks). */
export function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts the bare server on `port` with `bodies` (path → file); resolves once it listens. */
export async function bareServer(port, bodies) {
  const specs = Object.entries(bodies).map(([path, file]) => `${path}=${file}`);
  const child = spawnServerProcess(self, [String(port), ...specs], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bare node:http server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

if (process.argv[1] === self) {
  const [port, ...specs] = process.argv.slice(2);
  const bodies = new Map(
    specs.map((spec) => {
      const at = spec.indexOf('=');
      return [spec.slice(0, at), readFileSync(spec.slice(at + 1))];
    }),
  );
  createServer((req, res) => {
    const body = bodies.get(req.url);
    res.statusCode = body ? 200 : 404;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(body ?? '');
  }).listen(Number(port), '127.0.0.1', () => console.log('listening'));
}
