// Shared helpers for the root scripts (start, test). Plain ESM JavaScript because these scripts must
// run before `npm install` has put TypeScript tooling on the machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** `DRIFTBOX_CACHE_DIR`, else ~/.cache/driftbox: MinIO, Node releases and native builds are kept there. */
export function cacheDir() {
  return process.env.DRIFTBOX_CACHE_DIR || join(homedir(), '.cache', 'driftbox');
}

/** Runs a command with inherited stdio; exits the script on failure unless `allowFail`. */
export function run(cmd, args, { allowFail = false, env = process.env, cwd = root } = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env, cwd });
  if (result.status !== 0 && !allowFail) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

/**
 * Runs a command with its output (stdout and stderr, in order) collected instead of shown, so commands
 * run side by side can be printed one after the other. Resolves to `{ status, output }`; never rejects.
 */
export function runCollected(cmd, args, { env = process.env, cwd = root } = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const done = (status) => resolve({ status, output: Buffer.concat(chunks).toString() });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${cmd}: ${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

/** Newest modification time of a file, or below a folder (recursively, skipping node_modules and build output). */
export function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Installs npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureNpmDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  const sqliteBinding = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (!stale && existsSync(sqliteBinding)) return;
  console.log('› installing npm dependencies (the first run compiles better-sqlite3, about a minute)…');
  run('npm', existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund']);
}

/** Builds the web app and the server when their output is missing or older than their sources. */
export function ensureBuilt({ force = false } = {}) {
  const contract = newestMtime(join(root, 'packages/contract/src'));
  const targets = [
    {
      name: '@driftbox/web',
      out: 'packages/web/dist/index.html',
      src: [
        'packages/web/src',
        'packages/web/index.html',
        'packages/web/public',
        'packages/web/vite.config.ts',
        'packages/web/precompress.ts',
      ],
    },
    {
      name: '@driftbox/server',
      out: 'packages/server/dist/main.js',
      src: ['packages/server/src', 'packages/server/build.mjs'],
    },
  ];
  for (const target of targets) {
    const out = join(root, target.out);
    const srcTime = Math.max(contract, ...target.src.map((s) => newestMtime(join(root, s))));
    if (!force && existsSync(out) && statSync(out).mtimeMs >= srcTime) continue;
    console.log(`› building ${target.name}…`);
    run('npm', ['run', 'build', '-w', target.name]);
  }
}

/** True when the current process runs as root (apt-get works without sudo). */
export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Installs Debian packages whose marker file is missing (needs root; runs apt-get update once). */
export function ensureDebianPackages(packages) {
  const missing = packages.filter((p) => !p.present());
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  if (!isRoot()) {
    console.error(`✖ missing system packages: ${names.join(', ')} — install them with apt-get (needs root).`);
    process.exit(1);
  }
  console.log(`› installing Debian packages: ${names.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-q'], { env });
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...names], { env });
}

/**
 * glibc malloc settings for the server (GLIBC_TUNABLES): what may lie free at the top of the heap
 * before it is handed back to the kernel (default 128 KiB), and the size from which an allocation gets
 * its own mmap instead of heap memory (default 128 KiB, rising with use up to 32 MiB).
 */
const MALLOC_TUNABLES = {
  'glibc.malloc.trim_threshold': 64 * 1024 * 1024,
  'glibc.malloc.mmap_threshold': 8 * 1024 * 1024,
};

/**
 * V8 flags for the server (`npm start`, the bench). Streaming allocates a 64 KiB buffer for every
 * request body chunk Node reads (over 1 GB/s on loopback), and V8 counts those buffers against the old
 * generation's limit until a collection has freed them. Once a first full collection has sized that
 * limit to a server's small live heap (after any burst of API requests), an upload set off a full
 * collection every 20–40 MB it received, with concurrent marking threads besides, and cost the server
 * twice the CPU per GiB (1.6–2.0 s against 0.6–0.8 in the bench). A floor of 64 MiB under the limit
 * leaves room for those buffers (one or no full collection per GiB); young semi-spaces of at most
 * 8 MiB keep scavenges, which free the buffers, frequent enough that the floor does not raise the
 * server's peak memory during transfers.
 */
const SERVER_NODE_FLAGS = ['--initial-old-space-size=64', '--max-semi-space-size=8'];

/**
 * The environment the server runs in (`npm start`, the bench). Streaming a file means a stream of
 * short-lived buffers: Node copies each request body chunk it reads (64 KiB) into fresh malloc memory,
 * file reads for downloads allocate 1 MiB buffers, and all of them are freed in bursts at each garbage
 * collection. With glibc's defaults that memory goes back to the kernel (trimmed, or unmapped) and the
 * next buffers fault in freshly zeroed pages again: in the bench that was a fifth of the server's
 * system time per uploaded GiB and half of it per downloaded GiB. These settings keep the memory for
 * reuse; the server does not grow from it (it only keeps what its busiest moment used). Settings
 * already in GLIBC_TUNABLES win; other C libraries ignore the variable.
 */
function serverEnv(env = process.env) {
  const given = (env.GLIBC_TUNABLES ?? '').split(':').filter(Boolean);
  const added = Object.entries(MALLOC_TUNABLES)
    .filter(([name]) => !given.some((t) => t.startsWith(`${name}=`)))
    .map(([name, value]) => `${name}=${value}`);
  return added.length === 0 ? env : { ...env, GLIBC_TUNABLES: [...given, ...added].join(':') };
}

/**
 * Runs a script with Node as the server is run (`npm start`, the bench and its baselines): with its V8
 * flags, and `env` (default: this process's) given its malloc settings.
 */
export function spawnServerProcess(script, args = [], { env = process.env, ...options } = {}) {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, script, ...args], { ...options, env: serverEnv(env) });
}
