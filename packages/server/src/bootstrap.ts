import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { withStartupLock } from './db/startup-lock.js';
import type { FirstRunResult } from './modules/auth/auth.service.js';
import type { Services } from './services.js';

/**
 * Brings a database up to date before the app serves: migrations, missing setting rows, and the
 * first admin (ARCHITECTURE §2). Safe to run on every start and from several instances at once: on
 * PostgreSQL they take turns under an advisory lock, so the work is done once.
 */
export async function bootstrap(db: Kysely<Database>, services: Services, config: Config): Promise<FirstRunResult> {
  return withStartupLock(db, config.database, async () => {
    await migrateToLatest(db);
    await services.settings.ensureDefaults();
    return services.auth.ensureAdmin(config.admin);
  });
}

/** The console box that shows a generated first-run password once. */
export function firstRunBanner(username: string, password: string): string {
  const lines = [
    'Driftbox first run: an administrator account was created.',
    '',
    `  Username: ${username}`,
    `  Password: ${password}`,
    '',
    'This password is shown only once. Log in and change it under',
    'Admin > Account, or set ADMIN_PASSWORD before the first start.',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const border = '+' + '-'.repeat(width + 2) + '+';
  return [border, ...lines.map((l) => `|  ${l.padEnd(width)}|`), border].join('\n');
}
