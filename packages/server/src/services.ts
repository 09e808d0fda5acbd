import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import type { AppCrypto } from './lib/crypto.js';
import type { Ids } from './lib/ids.js';
import type { Logger } from './lib/logger.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createRateLimitService } from './modules/rate-limits/rate-limits.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSystemService } from './modules/system/system.service.js';

export interface ServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  logger: Logger;
  crypto: AppCrypto;
}

/** Builds every module's service over the shared dependencies. */
export function createServices(deps: ServiceDeps) {
  const rateLimits = createRateLimitService(deps);
  return {
    rateLimits,
    auth: createAuthService({ ...deps, rateLimits }),
    apiKeys: createApiKeysService({ ...deps, rateLimits }),
    settings: createSettingsService(deps),
    system: createSystemService(deps),
  };
}
export type Services = ReturnType<typeof createServices>;
