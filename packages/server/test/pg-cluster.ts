/**
 * A throwaway PostgreSQL cluster: initdb into a temp folder, started on a free loopback port with
 * durability off (tests only). The vitest global setup starts one for the run; a fault test starts its
 * own to stop and start under load without disturbing the other test files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

const PG_ROOT = '/usr/lib/postgresql';

function findBinDir(): string {
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      `PostgreSQL server binaries not found under ${PG_ROOT}/*/bin. Install them (Debian: apt-get install -y postgresql) ` +
        'or run with DRIFTBOX_TEST_PG=0 to skip the PostgreSQL half of the server tests.',
    );
  }
  return path.join(PG_ROOT, newest, 'bin');
}

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** initdb refuses to run as root, so as root every PostgreSQL command runs as the `postgres` user. */
export function runPg(bin: string, args: string[], asPostgres: boolean): void {
  const [command, commandArgs] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout || String(result.error)}`,
    );
  }
}

export interface PgCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  /** Stops the postmaster (`fast`: sessions are ended, as on a database restart). */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Starts it again on the same port and folder. */
  start(): void;
  /** Stops it and removes its folder. */
  dispose(): void;
}

/** Creates and starts a cluster; throws when the PostgreSQL binaries are missing. */
export async function startPgCluster(label = 'driftbox-pg-'): Promise<PgCluster> {
  const bin = findBinDir();
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), label));
  const dataDir = path.join(dir, 'data');
  if (asPostgres) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const pgCtl = path.join(bin, 'pg_ctl');
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  let running = false;
  const start = () => {
    runPg(
      pgCtl,
      ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start'],
      asPostgres,
    );
    running = true;
  };
  const stop = (mode: 'fast' | 'immediate' = 'immediate') => {
    if (!running) return;
    running = false;
    spawnSync(
      asPostgres ? 'runuser' : pgCtl,
      asPostgres
        ? ['-u', 'postgres', '--', pgCtl, '-D', dataDir, '-m', mode, '-w', 'stop']
        : ['-D', dataDir, '-m', mode, '-w', 'stop'],
      { timeout: 30_000 },
    );
  };
  const dispose = () => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    runPg(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
      asPostgres,
    );
    start();
  } catch (err) {
    dispose();
    throw err;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, start, dispose };
}
