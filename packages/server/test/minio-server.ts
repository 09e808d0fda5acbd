/**
 * A throwaway MinIO on loopback — temp data folder, random root credentials — shared by the server
 * tests' and the e2e suite's global setups. The binary comes from minio-binary.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { ensureMinioBinary } from './minio-binary.js';

/** How clients reach a running MinIO. */
export interface MinioAddress {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const READY_TIMEOUT_MS = 60_000;

async function waitReady(child: ChildProcess, endpoint: string, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`MinIO exited (${child.exitCode}) before it was ready:\n${output()}`);
    try {
      const res = await fetch(`${endpoint}/minio/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`MinIO was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Builds (once) and starts MinIO, waits until it is ready and returns its address with `stop`, which
 * also removes the data folder. `dataPrefix` names the temp folder.
 */
export async function startMinio(dataPrefix: string): Promise<MinioAddress & { stop: () => Promise<void> }> {
  const binary = await ensureMinioBinary();
  const [port, consolePort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), dataPrefix));
  const address: MinioAddress = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: `dbx${randomBytes(8).toString('hex')}`,
    secretAccessKey: randomBytes(24).toString('base64url'),
  };
  const env = {
    ...process.env,
    MINIO_ROOT_USER: address.accessKeyId,
    MINIO_ROOT_PASSWORD: address.secretAccessKey,
    MINIO_BROWSER: 'off',
    MINIO_UPDATE: 'off',
  };
  const args = [
    'server',
    dataDir,
    '--address',
    `127.0.0.1:${port}`,
    '--console-address',
    `127.0.0.1:${consolePort}`,
    '--quiet',
  ];
  const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // If the test runner dies without running teardown, do not leave MinIO behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    await stopProcess(child);
    process.removeListener('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(child, address.endpoint, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { ...address, stop };
}
