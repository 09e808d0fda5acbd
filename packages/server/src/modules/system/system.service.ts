import { APP_NAME, APP_VERSION, type HealthDto, type VersionDto } from '@driftbox/contract';
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import { iso, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Logger } from '../../lib/logger.js';

export interface SystemDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
}

/** Health and version reporting. */
export function createSystemService({ db, clock, logger }: SystemDeps) {
  const startedAt = clock.now();

  return {
    /** Pings the database; 503 UNAVAILABLE when it does not answer, so load balancers route away. */
    async health(): Promise<HealthDto> {
      try {
        await sql`select 1`.execute(db);
      } catch (err) {
        logger.error('Health check: database unreachable', { error: err instanceof Error ? err.message : String(err) });
        throw new AppError('UNAVAILABLE', { text: msg('system.databaseUnavailable') });
      }
      return { status: 'ok', timestamp: iso(clock.now()), database: 'ok' };
    },

    /** Version, runtime and storage backend; uptime counts from app construction. */
    version(): VersionDto {
      return {
        version: APP_VERSION,
        name: APP_NAME,
        environment: 'Node',
        storage: dialectOf(db) === 'postgres' ? 'PostgreSQL' : 'SQLite',
        nodeVersion: process.version,
        uptime: Math.max(0, Math.floor((clock.now().getTime() - startedAt.getTime()) / 1000)),
      };
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
