// Starting the built server for the bench, as `npm start` runs it (V8 flags, malloc tunables).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServerProcess } from '../scripts/lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BENCH_ADMIN = { username: 'admin', password: 'bench-Admin-Password-1' };

/** Starts `packages/server/dist/main.js` on `port` with `env` added, and resolves once /api/health answers. */
export async function startBenchServer({ port, dataDir, env = {} }) {
  // Another process on the port would answer the health check and be measured instead of ours.
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use; set BENCH_PORT to a free port`);
  const child = spawnServerProcess(join(root, 'packages/server/dist/main.js'), [], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}
