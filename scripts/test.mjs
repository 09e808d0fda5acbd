// `npm test`: every test of the project on a fresh machine. Installs npm and Debian dependencies when
// missing, then runs lint, typecheck, the vitest projects (contract, server on SQLite and PostgreSQL, web),
// builds the app and runs the Playwright journeys in Debian's Chromium. Ends with one summary line.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureDebianPackages, ensureNpmDependencies, root, run } from './lib.mjs';

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

const reports = join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const step = (title) => console.log(`\n━━ ${title} ━━`);
const failures = [];

step('lint');
if (run('npm', ['run', 'lint'], { allowFail: true }) !== 0) failures.push('lint');

step('typecheck');
if (run('npm', ['run', 'typecheck'], { allowFail: true }) !== 0) failures.push('typecheck');

step('unit and route tests (vitest: contract, server on SQLite + PostgreSQL, web)');
const vitestJson = join(reports, 'vitest.json');
if (
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
    allowFail: true,
  }) !== 0
) {
  failures.push('vitest');
}

step('build');
ensureBuilt({ force: true });

step('end-to-end (Playwright + Chromium)');
const playwrightJson = join(reports, 'playwright.json');
const e2eEnv = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson };
if (
  run('npx', ['playwright', 'test', '--reporter=list,json'], {
    allowFail: true,
    env: e2eEnv,
    cwd: join(root, 'e2e'),
  }) !== 0
) {
  failures.push('e2e');
}

const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  counts.passed += v.numPassedTests ?? 0;
  counts.failed += v.numFailedTests ?? 0;
  counts.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (existsSync(playwrightJson)) {
  const p = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  counts.passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  counts.failed += p.stats?.unexpected ?? 0;
  counts.skipped += p.stats?.skipped ?? 0;
}
if (failures.length > 0 && counts.failed === 0) counts.failed = failures.length;

console.log(`\n━━ summary ━━`);
if (failures.length > 0) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
