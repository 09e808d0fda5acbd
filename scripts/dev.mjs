// `npm run dev`: the server in watch mode (port 8787) and the Vite dev server (proxying /api to it).
import { spawn } from 'node:child_process';
import { ensureNpmDependencies, root } from './lib.mjs';

ensureNpmDependencies();
const children = ['@driftbox/server', '@driftbox/web'].map((workspace) =>
  spawn('npm', ['run', 'dev', '-w', workspace], { stdio: 'inherit', cwd: root }),
);
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
