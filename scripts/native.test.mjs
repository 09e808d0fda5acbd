// The SQLite driver follows the Node that runs the app: a package built under Node 20 is swapped to a
// Node 24 build (and back) with one line saying so. Runs on a scratch copy of the package and a scratch
// cache; the Node 24 release and its binary come from the real cache that `npm test` fills first.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { root } from './lib.mjs';
import { ensureSqliteBinding, nodeAbi, prepareSqliteBinding, probeBinding } from './native.mjs';
import { ensureNodeRelease } from './node-release.mjs';

const PACKAGE = join(root, 'node_modules', 'better-sqlite3');
const BINARY = join('build', 'Release', 'better_sqlite3.node');
const scratch = [];
let thisNodeBinary;

/** A copy of the package (JavaScript and sources) holding the binary built for this Node, and an empty cache. */
function scratchCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'driftbox-native-test-'));
  scratch.push(dir);
  const packageDir = join(dir, 'better-sqlite3');
  cpSync(PACKAGE, packageDir, { recursive: true, filter: (src) => !src.startsWith(join(PACKAGE, 'build')) });
  mkdirSync(join(packageDir, 'build', 'Release'), { recursive: true });
  cpSync(thisNodeBinary, join(packageDir, BINARY));
  return { packageDir, cache: join(dir, 'cache') };
}

/** Runs a real query with the copy's JavaScript and binary under `node`. */
function query(node, packageDir) {
  const script = `const D = require(process.argv[1]); const db = new D(':memory:', { nativeBinding: process.argv[2] });
    console.log(db.prepare('select 6 * 7 as n').get().n);`;
  return spawnSync(node, ['-e', script, packageDir, join(packageDir, BINARY)], { encoding: 'utf8' }).stdout.trim();
}

/**
 * Statements collected while requests stream in, under V8's --stress-compaction: with an addon compiled
 * against Node 24.19+'s own headers this aborts (SIGABRT, `Assertion failed: (env) != nullptr`).
 */
const GC_STRESS = `const D = require(process.argv[1]);
const db = new D(':memory:', { nativeBinding: process.argv[2] });
const server = require('node:http').createServer((req, res) => {
  for (let i = 0; i < 500; i++) db.prepare('select ' + i).get();
  res.end('x');
}).listen(0, '127.0.0.1', async () => {
  for (let i = 0; i < 300; i++) await fetch('http://127.0.0.1:' + server.address().port).then((r) => r.text());
  server.close();
  console.log('done');
});`;

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('ensureSqliteBinding', () => {
  let node24;
  let node24Binary;
  beforeAll(() => {
    thisNodeBinary = prepareSqliteBinding(process.execPath);
    node24 = ensureNodeRelease();
    node24Binary = prepareSqliteBinding(node24);
  }, 600_000);

  it('keeps a binary that loads, and remembers it in the cache', () => {
    const { packageDir, cache } = scratchCopy();
    const lines = [];
    expect(ensureSqliteBinding(process.execPath, { packageDir, cache, log: (l) => lines.push(l) })).toBe('ok');
    expect(lines).toEqual([]);
    const abi = nodeAbi(process.execPath).abi;
    expect(readdirSync(cache)).toEqual([expect.stringMatching(new RegExp(`^better-sqlite3-.+-abi${abi}-`))]);
  }, 60_000);

  it('swaps to a build for the other Node and back, saying which ABIs and why', () => {
    const { packageDir, cache } = scratchCopy();
    mkdirSync(cache);
    cpSync(node24Binary, join(cache, basename(node24Binary)));
    const lines = [];
    const log = (line) => lines.push(line);
    const abi20 = nodeAbi(process.execPath).abi;
    const abi24 = nodeAbi(node24).abi;
    expect(abi24).not.toBe(abi20);
    expect(probeBinding(node24, join(packageDir, BINARY)).builtAbi).toBe(abi20);

    expect(ensureSqliteBinding(node24, { packageDir, cache, log })).toBe('cached');
    expect(lines.pop()).toMatch(
      new RegExp(`built for another Node\\.js \\(ABI ${abi20}\\); Node v24\\.\\d+\\.\\d+ needs ABI ${abi24}`),
    );
    expect(query(node24, packageDir)).toBe('42');

    // Back under this Node: the build it replaced was kept in the cache.
    expect(ensureSqliteBinding(process.execPath, { packageDir, cache, log })).toBe('cached');
    expect(lines.pop()).toContain(`(ABI ${abi24}); Node ${process.version} needs ABI ${abi20}`);
    expect(query(process.execPath, packageDir)).toBe('42');
  }, 120_000);

  it('replaces a Node 24 binary it did not put in place (compiled against the faulty headers), once', () => {
    const { packageDir, cache } = scratchCopy();
    mkdirSync(cache);
    cpSync(node24Binary, join(cache, basename(node24Binary)));
    cpSync(node24Binary, join(packageDir, BINARY)); // as `npm install` under Node 24 would leave it, unstamped
    const lines = [];
    expect(ensureSqliteBinding(node24, { packageDir, cache, log: (l) => lines.push(l) })).toBe('cached');
    expect(lines).toEqual([expect.stringContaining('own headers, whose ObjectWrap can abort the process')]);
    expect(ensureSqliteBinding(node24, { packageDir, cache, log: (l) => lines.push(l) })).toBe('ok');
    expect(lines).toHaveLength(1);
    expect(query(node24, packageDir)).toBe('42');
  }, 60_000);

  it('puts a Node 24 build in place that survives statements collected outside any context (nodejs/node#65446)', () => {
    const run = spawnSync(node24, ['--stress-compaction', '-e', GC_STRESS, PACKAGE, node24Binary], {
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(run.stderr).not.toContain('Assertion failed');
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: 'done' });
  }, 120_000);

  it('refuses a binary that is no addon at all, naming the reason, and leaves it in place', () => {
    const { packageDir, cache } = scratchCopy();
    writeFileSync(join(packageDir, BINARY), 'not an ELF file');
    expect(() => ensureSqliteBinding(process.execPath, { packageDir, cache, log: () => {} })).toThrow(
      /does not load in Node v\d+/,
    );
    expect(existsSync(join(packageDir, BINARY))).toBe(true);
    expect(existsSync(cache)).toBe(false);
  }, 60_000);
});
