// `npm start`: install what is missing, build what is stale, then run the server (API + web app)
// on PORT (default 8787) with data in DATA_DIR (default ./data).
import { join } from 'node:path';
import { ensureBuilt, ensureNpmDependencies, root, spawnServerProcess } from './lib.mjs';
import { ensureSqliteBinding } from './native.mjs';

ensureNpmDependencies();
// node_modules installed under another Node (20 and 24 are both supported) holds a SQLite driver
// built for that Node: swap in one built for this Node, saying so.
try {
  ensureSqliteBinding();
} catch (error) {
  console.error(`✖ ${error.message}`);
  process.exit(1);
}
ensureBuilt();

const server = spawnServerProcess(join(root, 'packages/server/dist/main.js'), [], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// Under npm, a stop signal sent to npm reaches its shell, which dies without passing it on: this
// process is left behind with a new parent. A changed parent therefore means npm is gone, and the
// server is stopped the way a signal would have stopped it (open requests finish, views are saved).
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    server.kill('SIGTERM');
  }, 1000);
  watch.unref();
}
