// `npm test`: every test of the project on a fresh machine. Installs npm and Debian dependencies when
// missing, then runs lint, typecheck and the build side by side, the vitest projects (contract, server on
// SQLite and PostgreSQL, web) and the Playwright journeys in Debian's Chromium; then the server suites and the
// journeys again on the Node.js LTS release (README "Node.js versions"). Ends with one summary line.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureDebianPackages, ensureNpmDependencies, root, run, runCollected } from './lib.mjs';
import { ensureSqliteBinding, prepareSqliteBinding } from './native.mjs';
import { NODE_LTS_RELEASE, ensureNodeRelease } from './node-release.mjs';

const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(join('/usr/lib/postgresql', v, 'bin', 'initdb')));

ensureDebianPackages([
  { name: 'postgresql', present: hasPostgres },
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  // WebDAV clients the server tests drive (modules/webdav/webdav.clients.test.ts).
  { name: 'litmus', present: () => existsSync('/usr/bin/litmus') },
  { name: 'rclone', present: () => existsSync('/usr/bin/rclone') },
  { name: 'cadaver', present: () => existsSync('/usr/bin/cadaver') },
]);
ensureNpmDependencies();
ensureSqliteBinding();

const reports = join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const step = (title) => console.log(`\n━━ ${title} ━━`);
const failures = [];

// The second tier's Node and its SQLite binary, prepared first: the scripts tests use them too.
let nodeLts = null;
try {
  nodeLts = ensureNodeRelease();
  if (nodeLts) prepareSqliteBinding(nodeLts);
  else console.warn(`\n⚠ the Node.js ${NODE_LTS_RELEASE} tier is skipped: its npm package exists for linux-x64 only`);
} catch (error) {
  console.error(`\n✖ Node.js ${NODE_LTS_RELEASE} could not be prepared: ${error.message}`);
  failures.push(`Node ${NODE_LTS_RELEASE} setup`);
  nodeLts = null;
}

// Lint, typecheck and the build side by side: each is mostly one busy process, and CI has two cores
// (together about 90 s instead of 180 s one after the other). None reads what another writes (dist/ is
// ignored by ESLint and Prettier); each one's output is printed whole when all have ended.
const [lint, typecheck, build] = await Promise.all(
  ['lint', 'typecheck', 'build'].map((script) => runCollected('npm', ['run', script])),
);
for (const [title, result] of [
  ['lint', lint],
  ['typecheck', typecheck],
  ['build', build],
]) {
  step(title);
  process.stdout.write(result.output);
  if (result.status !== 0) failures.push(title);
}

/** Vitest's and Playwright's reports of every tier, summed in the last line. */
const reportFiles = { vitest: [], playwright: [] };
const vitestTier = (name, args, env = process.env) => {
  const json = join(reports, `vitest-${name}.json`);
  reportFiles.vitest.push(json);
  const cmd = ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
  return run('npx', cmd, { allowFail: true, env }) === 0;
};
const e2eTier = (name, env = process.env) => {
  const json = join(reports, `playwright-${name}.json`);
  reportFiles.playwright.push(json);
  const e2eEnv = { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: json };
  return (
    run('npx', ['playwright', 'test', '--reporter=list,json'], {
      allowFail: true,
      env: e2eEnv,
      cwd: join(root, 'e2e'),
    }) === 0
  );
};

step('unit and route tests (vitest: contract, server on SQLite + PostgreSQL, web)');
if (!vitestTier('node20', [])) failures.push('vitest');

step('end-to-end (Playwright + Chromium)');
if (build.status !== 0) console.log('skipped: the build failed');
else if (!e2eTier('node20')) failures.push('e2e');

// The same server code on the LTS release: the server's suites (SQLite + PostgreSQL, LOCAL + MinIO)
// and the journeys. The axe scans, keyboard journeys and browser-only journeys (preferences, the
// worker's update) are left to the first tier: they check what the browser does with the same bytes,
// whichever Node serves them (e2e/playwright.config.ts).
if (nodeLts) {
  step(`Node.js ${NODE_LTS_RELEASE}: server suites and end-to-end journeys`);
  ensureSqliteBinding(nodeLts);
  const env = { ...process.env, PATH: `${dirname(nodeLts)}:${process.env.PATH ?? ''}` };
  try {
    // rclone's large file is 64 MiB here and the big copy's 24 MB: their full sizes ran in the first tier.
    const serverEnv = { ...env, DRIFTBOX_WEBDAV_BIG_MB: '64', DRIFTBOX_COPY_BIG: '0' };
    if (!vitestTier('node24', ['--project', 'server'], serverEnv)) failures.push(`vitest (Node ${NODE_LTS_RELEASE})`);
    if (build.status === 0 && !e2eTier('node24', { ...env, E2E_JOURNEYS_ONLY: '1' }))
      failures.push(`e2e (Node ${NODE_LTS_RELEASE})`);
  } finally {
    ensureSqliteBinding();
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test by file and name with the first line of its error, repeated at the end of the log. */
const failedTests = [];
const firstLine = (message) =>
  stripVTControlCharacters(String(message ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 200);
for (const file of reportFiles.vitest.filter((f) => existsSync(f))) {
  const v = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += v.numPassedTests ?? 0;
  counts.failed += v.numFailedTests ?? 0;
  counts.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const suite of v.testResults ?? []) {
    const where = suite.name?.replace(`${root}/`, '') ?? '?';
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failedTests.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failed.length === 0 && suite.status === 'failed') failedTests.push(`${where}: ${firstLine(suite.message)}`);
  }
}
const playwrightFailures = (suite, file) => {
  for (const spec of suite.specs ?? []) {
    const results = spec.tests?.flatMap((t) => t.results ?? []) ?? [];
    if (spec.ok === false)
      failedTests.push(`e2e ${file ?? suite.file} › ${spec.title}: ${firstLine(results.at(-1)?.errors?.[0]?.message)}`);
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, file ?? suite.file);
};
for (const file of reportFiles.playwright.filter((f) => existsSync(f))) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  counts.failed += p.stats?.unexpected ?? 0;
  counts.skipped += p.stats?.skipped ?? 0;
  for (const suite of p.suites ?? []) playwrightFailures(suite);
}
if (failures.length > 0 && counts.failed === 0) counts.failed = failures.length;

console.log(`\n━━ summary ━━`);
for (const line of failedTests) console.log(`✖ ${line}`);
if (failures.length > 0) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
