/**
 * The MinIO server binary the S3 tests run against (ARCHITECTURE §7): built once from its Go module
 * with the machine's Go toolchain — MinIO's documented way to install the community edition — and
 * cached outside the repository, so later runs start it in about a second.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const MINIO_MODULE = 'github.com/minio/minio';
/**
 * The last commit of MinIO's community repository (2026-02-12; the repository is archived since). It
 * has no semver tag, so Go pins it by this pseudo-version; go.sum checking makes the build reproducible.
 */
export const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';
const BUILD_TIMEOUT_MS = 25 * 60_000;
const STALE_LOCK_MS = 30 * 60_000;

/** `DRIFTBOX_CACHE_DIR`, else ~/.cache/driftbox. */
export function cacheDir(): string {
  return process.env.DRIFTBOX_CACHE_DIR || path.join(homedir(), '.cache', 'driftbox');
}

function findGo(): string | null {
  for (const candidate of ['go', '/usr/local/go/bin/go', '/usr/lib/go/bin/go']) {
    const probe = spawnSync(candidate, ['version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

const log = (line: string) => process.stdout.write(`[minio] ${line}\n`);

/** Runs `go install`, printing a progress line every 100 compiled packages instead of every one. */
function goInstall(go: string, gobin: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      GOBIN: gobin,
      GOTOOLCHAIN: 'local',
      GOFLAGS: `${process.env.GOFLAGS ?? ''} -trimpath`.trim(),
    };
    const child = spawn(go, ['install', '-v', `${MINIO_MODULE}@${MINIO_VERSION}`], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = Date.now();
    const tail: string[] = [];
    let packages = 0;
    let downloads = 0;
    createInterface({ input: child.stderr }).on('line', (line) => {
      tail.push(line);
      if (tail.length > 30) tail.shift();
      if (line.startsWith('go: downloading')) downloads += 1;
      else packages += 1;
      if ((packages + downloads) % 100 === 0)
        log(
          `building… ${downloads} modules downloaded, ${packages} packages compiled, ${Math.round((Date.now() - started) / 1000)} s`,
        );
    });
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`go install ${MINIO_MODULE}@${MINIO_VERSION} failed (exit ${code}):\n${tail.join('\n')}`));
    });
  });
}

/** Takes the build lock (a directory: mkdir is atomic); waits while another run builds. */
async function withBuildLock(lock: string, binary: string, build: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(binary)) return;
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 2000));
    }
  }
  try {
    if (!existsSync(binary)) await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Path of the cached MinIO binary, building it first when missing (a few minutes on 2 cores). */
export async function ensureMinioBinary(): Promise<string> {
  const dir = path.join(cacheDir(), 'minio', MINIO_VERSION);
  const binary = path.join(dir, 'minio');
  if (existsSync(binary)) return binary;
  const go = findGo();
  if (!go) {
    throw new Error(
      'The S3 tests need MinIO, built with Go, but no Go toolchain was found. Install Go (https://go.dev/dl) or run with DRIFTBOX_TEST_S3=0 to skip the S3 half of the storage tests.',
    );
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  await withBuildLock(`${dir}.lock`, binary, async () => {
    const gobin = `${dir}.tmp-${process.pid}`;
    log(`building MinIO ${MINIO_VERSION} with ${go} into ${dir} (once per machine; several minutes on 2 cores)`);
    const started = Date.now();
    try {
      await goInstall(go, gobin);
      mkdirSync(dir, { recursive: true });
      renameSync(path.join(gobin, 'minio'), binary);
    } finally {
      rmSync(gobin, { recursive: true, force: true });
    }
    log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
  });
  return binary;
}
