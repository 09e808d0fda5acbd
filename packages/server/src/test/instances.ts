/**
 * Several real server processes on one database (the multi-instance and fault tiers). The server is
 * bundled once per test file with esbuild, as `npm run build` does, because a bundle starts in about a
 * second where the tsx loader takes 15 s on a loaded machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEST_SECRET } from './harness.js';
import { bundledMainSync, freePort, type Run } from './main-process.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'instances-admin-pass';

/** `src/main.ts` bundled (test/main-process.ts), once per test file. */
export const bundledMain = async (): Promise<string> => bundledMainSync();

/** A database of its own on the throwaway cluster; `drop()` removes it (forcing connections off). */
export async function freshDatabase(pgUrl: string, label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `driftbox_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Instance {
  port: number;
  base: string;
  dataDir: string;
  run: Run;
  /** Resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the bundled server with `env` (DATABASE_URL or a SQLite DATA_DIR), waits until it listens. */
export async function startInstance(env: Record<string, string> = {}): Promise<Instance> {
  const main = await bundledMain();
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'driftbox-instance-'));
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ENCRYPTION_SECRET: TEST_SECRET,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    cwd: SERVER_DIR,
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const run: Run = { child, output: () => out, exited };
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${out}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`instance not healthy: ${out}`);
    }
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    base,
    dataDir,
    run,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** JSON calls spread over instances: `on(i)` pins one, `next()` takes the next in turn (round-robin). */
export function roundRobin(instances: Instance[]) {
  let turn = 0;
  async function call(i: Instance, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(i.base + url, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: { data?: unknown; code?: string; error?: string } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // Not JSON (WebDAV, downloads).
    }
    return { status: res.status, text, json, headers: res.headers };
  }
  return {
    on: (index: number) => (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
      call(instances[index]!, method, url, body, headers),
    next: (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
      call(instances[turn++ % instances.length]!, method, url, body, headers),
  };
}
