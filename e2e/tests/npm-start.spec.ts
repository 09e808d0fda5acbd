import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.E2E_PORT ?? 8791) + 7;

async function healthy(): Promise<boolean> {
  return fetch(`http://127.0.0.1:${PORT}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
}

// `npm start` is how the README runs Driftbox; a supervisor (Docker, a service manager) stops it by
// signalling npm, whose shell does not pass the signal on. The server must still stop, and gracefully.
test('npm start serves the app, and a SIGTERM to npm stops the server gracefully', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'driftbox-npm-start-'));
  let log = '';
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'npm-start-Password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  npm.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    await expect.poll(healthy, { timeout: 90_000, intervals: [500] }).toBe(true);
    npm.kill('SIGTERM');
    await expect.poll(healthy, { timeout: 10_000, intervals: [250] }).toBe(false);
    await expect.poll(() => log, { timeout: 5_000 }).toContain('SIGTERM received, shutting down');
  } finally {
    // Its own process group (detached): whatever is left of it goes, even when the test failed.
    try {
      if (npm.pid) process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
