import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from './app-env.js';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import { createAppCrypto, type AppCrypto } from './lib/crypto.js';
import { notFound } from './lib/errors.js';
import type { Ids } from './lib/ids.js';
import type { Logger } from './lib/logger.js';
import { auth } from './middleware/auth.js';
import { sameOriginCors } from './middleware/cors.js';
import { errorHandler, notFoundHandler } from './middleware/error-handler.js';
import { language } from './middleware/language.js';
import { requestId } from './middleware/request-id.js';
import { requestLog } from './middleware/request-log.js';
import { securityHeaders } from './middleware/security-headers.js';
import { spa } from './middleware/spa.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createServices, type Services } from './services.js';

/** Everything the app is built from; only main.ts (and the test harness) construct these. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  logger: Logger;
  /** Defaults to production crypto keyed by `config.encryptionSecret`. */
  crypto?: AppCrypto;
}

export interface BuiltApp {
  app: Hono<AppEnv>;
  services: Services;
}

function cryptoOf(deps: AppDeps): AppCrypto {
  if (deps.crypto) return deps.crypto;
  if (!deps.config.encryptionSecret) throw new Error('createApp needs config.encryptionSecret or deps.crypto');
  return createAppCrypto(deps.config.encryptionSecret);
}

/**
 * The one composition root (STYLE §9). Middleware order matters: the request id comes first so every
 * log line and error carries it; auth runs only for /api; modules before the /api 404; the SPA last.
 */
export function createApp(deps: AppDeps): BuiltApp {
  const { config, logger } = deps;
  const services = createServices({ ...deps, crypto: cryptoOf(deps) });
  const app = new Hono<AppEnv>();

  app.use(requestId(deps.ids));
  app.use(requestLog(logger));
  app.use(securityHeaders());
  app.use(language());
  app.use('/api/*', sameOriginCors(config.trustProxy));
  app.use('/api/*', auth(services, config.trustProxy));

  app.route('/api', systemRoutes(services.system));
  app.route('/api', authRoutes(services.auth, { trustProxy: config.trustProxy }));
  app.route('/api', apiKeysRoutes(services.apiKeys));
  app.route('/api', settingsRoutes(services.settings));

  app.all('/api', () => {
    throw notFound('route');
  });
  app.all('/api/*', () => {
    throw notFound('route');
  });
  app.get('*', spa(config.webDist));

  app.notFound(notFoundHandler());
  app.onError(errorHandler(logger));
  return { app, services };
}
