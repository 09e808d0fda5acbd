/**
 * Starts a throwaway PostgreSQL cluster for the server tests (ARCHITECTURE §7) and stops it afterwards.
 * Tests read its URL with `inject('pgUrl')` and create one database per harness. `DRIFTBOX_TEST_PG=0`
 * skips PostgreSQL (with a loud warning); the default, and CI, run it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway cluster's `postgres` database, or null when PG is skipped. */
    pgUrl: string | null;
  }
}

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
function runPg(bin: string, args: string[], asPostgres: boolean): void {
  const [command, commandArgs] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout || String(result.error)}`,
    );
  }
}

/** Vitest global setup: start the cluster, provide its URL, return the teardown. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DRIFTBOX_TEST_PG === '0') {
    const bar = '!'.repeat(78);
    console.warn(`\n${bar}\n!! DRIFTBOX_TEST_PG=0: PostgreSQL tests are SKIPPED. Only SQLite was tested.\n${bar}\n`);
    project.provide('pgUrl', null);
    return () => {};
  }
  const bin = findBinDir();
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asPostgres) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const pgCtl = path.join(bin, 'pg_ctl');
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      spawnSync(
        asPostgres ? 'runuser' : pgCtl,
        asPostgres
          ? ['-u', 'postgres', '--', pgCtl, '-D', dataDir, '-m', 'immediate', '-w', 'stop']
          : ['-D', dataDir, '-m', 'immediate', '-w', 'stop'],
        { timeout: 30_000 },
      );
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // If vitest dies without running teardown, still do not leave a postmaster behind.
  process.once('exit', stop);
  try {
    runPg(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
      asPostgres,
    );
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-k ${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    runPg(
      pgCtl,
      ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start'],
      asPostgres,
    );
    started = true;
  } catch (err) {
    stop();
    throw err;
  }
  project.provide('pgUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    stop();
    process.removeListener('exit', stop);
  };
}
