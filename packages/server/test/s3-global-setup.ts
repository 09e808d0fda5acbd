/**
 * Starts a real S3 server — MinIO on loopback, with a temp data folder and random root credentials —
 * for the S3 half of the object-store suite and the storage-config routes (ARCHITECTURE §7), and stops
 * it afterwards. Tests read it with `inject('s3')`. `DRIFTBOX_TEST_S3=0` skips it with a loud warning.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureMinioBinary } from './minio-binary.js';

/** How tests reach the S3 server. */
export interface S3TestServer {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback MinIO, or null when DRIFTBOX_TEST_S3=0. */
    s3: S3TestServer | null;
  }
}

const READY_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

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

/** Vitest global setup: build (once) and start MinIO, provide its address, return the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DRIFTBOX_TEST_S3 === '0') {
    const bar = '!'.repeat(78);
    console.warn(`\n${bar}\n!! DRIFTBOX_TEST_S3=0: S3 tests are SKIPPED. Only the local storage driver was tested.\n${bar}\n`);
    project.provide('s3', null);
    return async () => {};
  }
  const binary = await ensureMinioBinary();
  const [port, consolePort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'driftbox-minio-'));
  const server: S3TestServer = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: `dbx${randomBytes(8).toString('hex')}`,
    secretAccessKey: randomBytes(24).toString('base64url'),
  };
  const env = { ...process.env, MINIO_ROOT_USER: server.accessKeyId, MINIO_ROOT_PASSWORD: server.secretAccessKey, MINIO_BROWSER: 'off', MINIO_UPDATE: 'off' };
  const args = ['server', dataDir, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`, '--quiet'];
  const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // If vitest dies without running teardown, do not leave MinIO behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const teardown = async () => {
    await stopProcess(child);
    process.removeListener('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(child, server.endpoint, () => output);
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('s3', server);
  return teardown;
}
