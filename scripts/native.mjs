// The one native module whose binary is tied to a Node.js version: better-sqlite3 (compiled against
// Node's ABI; the other native packages use N-API and run on every version). `npm start` and the Node 24
// test tier call `ensureSqliteBinding` for the Node they are about to run, which swaps in a binary built
// for it — from a cache beside MinIO's, or compiled once with node-gyp against that Node's own headers.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { cacheDir, root } from './lib.mjs';
import { ensureNodeRelease } from './node-release.mjs';

/**
 * Headers to compile against, per ABI, where the running Node's own would build a faulty addon. Node
 * 24.19 changed the inline `node::ObjectWrap` of `node_object_wrap.h`: an addon compiled against it
 * (better-sqlite3 12 is one) removes a cleanup hook when V8 collects a statement, and aborts the process
 * (`Assertion failed: (env) != nullptr`, SIGABRT) when that collection runs outside any context — it
 * did in our server suite on 24.21.0 (nodejs/node#65446). Built against 24.18.1's headers (the same ABI)
 * the addon keeps the old ObjectWrap and runs on every 24.x. better-sqlite3 13 (Node-API) has no such
 * code, but needs Node 22: revisit when Node 20 support is dropped.
 */
const HEADERS_FOR_ABI = { 137: '24.18.1' };

const SQLITE_PACKAGE = join(root, 'node_modules', 'better-sqlite3');
const BINARY = join('build', 'Release', 'better_sqlite3.node');

/** `process.versions.modules` (the ABI) and the version of the Node binary `node`. */
export function nodeAbi(node) {
  const out = spawnSync(node, ['-p', 'process.versions.modules + " " + process.version'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`cannot run ${node}: ${out.stderr || out.error}`);
  const [abi, version] = out.stdout.trim().split(' ');
  return { abi, version };
}

/**
 * Loads the addon in `node` without any JavaScript around it. `{ ok }`, or the ABI the file was built
 * for when Node names it (ERR_DLOPEN_FAILED: "compiled against … NODE_MODULE_VERSION 115").
 */
export function probeBinding(node, file) {
  const out = spawnSync(node, ['-e', 'process.dlopen({ exports: {} }, process.argv[1])', file], {
    encoding: 'utf8',
  });
  if (out.status === 0) return { ok: true };
  const built = /NODE_MODULE_VERSION (\d+)\. This version/.exec(out.stderr)?.[1];
  return { ok: false, builtAbi: built, error: out.stderr.trim().split('\n').slice(0, 6).join('\n') };
}

/** npm's own node-gyp (npm runs it for `npm rebuild`); the project does not depend on it. */
function findNodeGyp() {
  const npmCli = [
    process.env.npm_execpath,
    '/usr/lib/node_modules/npm/bin/npm-cli.js',
    '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  ];
  for (const cli of npmCli) {
    if (!cli) continue;
    const gyp = join(dirname(cli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    if (existsSync(gyp)) return gyp;
  }
  throw new Error('node-gyp was not found beside npm: install npm (it bundles node-gyp) to compile better-sqlite3');
}

/**
 * Compiles better-sqlite3 for `node` in a scratch copy of the package (the working binary stays in place
 * if the build fails) against the headers that ship beside that Node (`<prefix>/include/node`: Debian's
 * and the official builds have them), and returns the built file.
 */
function compile(node, packageDir, abi) {
  const work = mkdtempSync(join(tmpdir(), 'driftbox-sqlite-build-'));
  cpSync(packageDir, work, { recursive: true, filter: (src) => !src.startsWith(join(packageDir, 'build')) });
  const headers = HEADERS_FOR_ABI[abi];
  const prefix = headers ? dirname(dirname(ensureNodeRelease(headers))) : dirname(dirname(node));
  const nodedir = existsSync(join(prefix, 'include', 'node', 'node.h')) ? [`--nodedir=${prefix}`] : [];
  const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ''}` };
  const jobs = String(availableParallelism());
  const out = spawnSync(node, [findNodeGyp(), 'rebuild', '--release', ...nodedir, '-j', jobs], {
    cwd: work,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    const tail = `${out.stdout}\n${out.stderr}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`compiling better-sqlite3 for ${node} failed:\n${tail}`);
  }
  return { file: join(work, BINARY), cleanup: () => rmSync(work, { recursive: true, force: true }) };
}

/** Copies `from` over `to` through a temporary file, so a reader never sees half a binary. */
function replaceFile(from, to) {
  const temp = `${to}.${process.pid}.tmp`;
  copyFileSync(from, temp);
  renameSync(temp, to);
}

/** Fills the cache with a binary for `node` (compiling it when missing) without touching the package. */
export function prepareSqliteBinding(
  node,
  { packageDir = SQLITE_PACKAGE, cache = join(cacheDir(), 'native'), log = (line) => console.log(line) } = {},
) {
  const { abi } = nodeAbi(node);
  const file = cachedPath(cache, packageDir, abi);
  if (existsSync(file)) return file;
  log(`› compiling better-sqlite3 for ${node} (about two minutes, once)…`);
  const built = compile(node, packageDir, abi);
  try {
    mkdirSync(cache, { recursive: true });
    replaceFile(built.file, file);
  } finally {
    built.cleanup();
  }
  return file;
}

/** Where the cache keeps the binary of this package version for one ABI (and the headers it needs). */
function cachedPath(cache, packageDir, abi) {
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const headers = HEADERS_FOR_ABI[abi] ? `-headers${HEADERS_FOR_ABI[abi]}` : '';
  return join(cache, `better-sqlite3-${version}-abi${abi}${headers}-${process.platform}-${process.arch}.node`);
}

/**
 * Makes `<packageDir>/build/Release/better_sqlite3.node` loadable by `node` (default: this Node). Says
 * in one line when it had to change the binary and why. Returns 'ok' (nothing to do), 'cached' or
 * 'compiled'. A binary put in place from the cache carries a stamp (`<binary>.driftbox`, the cache
 * entry's name): for an ABI whose own headers build a faulty addon, an unstamped binary (compiled by
 * `npm install` under that Node) is replaced too.
 */
export function ensureSqliteBinding(
  node = process.execPath,
  { packageDir = SQLITE_PACKAGE, cache = join(cacheDir(), 'native'), log = (line) => console.log(line) } = {},
) {
  const target = join(packageDir, BINARY);
  const stamp = `${target}.driftbox`;
  const cached = (abi) => cachedPath(cache, packageDir, abi);
  const trusted = (abi) =>
    !HEADERS_FOR_ABI[abi] || (existsSync(stamp) && readFileSync(stamp, 'utf8') === basename(cached(abi)));
  const remember = (abi) => {
    if (existsSync(cached(abi)) || !trusted(abi)) return;
    mkdirSync(cache, { recursive: true });
    replaceFile(target, cached(abi));
  };
  const { abi, version } = nodeAbi(node);
  const probe = probeBinding(node, target);
  if (probe.ok && trusted(abi)) {
    remember(abi);
    return 'ok';
  }
  if (!probe.ok && !probe.builtAbi) throw new Error(`better-sqlite3 does not load in Node ${version}:\n${probe.error}`);
  if (!probe.ok) remember(probe.builtAbi);
  const hit = existsSync(cached(abi));
  const why = probe.ok
    ? `was compiled against Node ${version}'s own headers, whose ObjectWrap can abort the process (nodejs/node#65446)`
    : `was built for another Node.js (ABI ${probe.builtAbi}); Node ${version} needs ABI ${abi}`;
  const how = HEADERS_FOR_ABI[abi] ? ` (against Node ${HEADERS_FOR_ABI[abi]}'s headers)` : '';
  log(
    `› better-sqlite3 ${why}: ` +
      (hit
        ? `using the build${how} cached in ${cache}`
        : `compiling it${how} for this Node (about two minutes, once)…`),
  );
  if (!hit) prepareSqliteBinding(node, { packageDir, cache, log: () => {} });
  replaceFile(cached(abi), target);
  writeFileSync(stamp, basename(cached(abi)));
  const again = probeBinding(node, target);
  if (!again.ok) throw new Error(`better-sqlite3 still does not load in Node ${version}:\n${again.error}`);
  return hit ? 'cached' : 'compiled';
}
