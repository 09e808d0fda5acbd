import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from './app-env.js';
import { metricsEnabled, type Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import { createAppCrypto, type AppCrypto } from './lib/crypto/crypto.js';
import { notFound } from './lib/errors.js';
import { inFlightRequests } from './http/http-server.js';
import { createMetrics, type AppMetrics } from './http/metrics.js';
import { metricsHandler } from './http/metrics-endpoint.js';
import { countStorageErrors } from './storage/counted-stores.js';
import type { Ids } from './lib/crypto/ids.js';
import type { Logger } from './lib/logger.js';
import { auth } from './middleware/auth.js';
import { sameOriginCors } from './middleware/cors.js';
import { openApiRoutes } from './modules/openapi/openapi.routes.js';
import { errorHandler, notFoundHandler } from './middleware/error-handler.js';
import { language } from './middleware/language.js';
import { requestId } from './middleware/request-id.js';
import { requestLog } from './middleware/request-log.js';
import { securityHeaders } from './middleware/security-headers.js';
import { inlineScriptHashes } from './middleware/inline-scripts.js';
import { spa } from './middleware/spa.js';
import { webManifest } from './middleware/web-manifest.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { localStorageRoutes } from './modules/local-storage/local-storage.routes.js';
import { fileAccessRoutes } from './modules/files/access/file-access.routes.js';
import { fileUploadsRoutes } from './modules/files/upload/file-uploads.routes.js';
import { filesRoutes } from './modules/files/manage/files.routes.js';
import { urlUploadRoutes } from './modules/url-upload/url-upload.routes.js';
import type { SsrfPolicy } from './lib/net/ssrf.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { pasteViewsRoutes } from './modules/pastes/paste-views.routes.js';
import { pastesRoutes } from './modules/pastes/pastes.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { storageConfigsRoutes } from './modules/storage-configs/storage-configs.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { backupRoutes } from './modules/backup/backup.routes.js';
import { cacheRoutes } from './modules/cache/cache.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { mountsRoutes } from './modules/mounts/mounts.module.js';
import { tasksRoutes } from './modules/tasks/tasks.module.js';
import { fsRoutes } from './modules/fs/fs.module.js';
import { fsCopyRoutes } from './modules/fs-copy/fs-copy.module.js';
import { fsShareRoutes } from './modules/fs-share/fs-share.module.js';
import { fsSearchRoutes } from './modules/fs-search/fs-search.module.js';
import { fsArchiveRoutes } from './modules/fs-archive/fs-archive.module.js';
import { fsUploadRoutes } from './modules/fs-upload/fs-upload.module.js';
import { webdavRoutes } from './modules/webdav/webdav.module.js';
import type { InvalidationBus } from './lib/cache/invalidation-bus.js';
import type { TaskEngineOptions } from './modules/tasks/tasks.module.js';
import { createServices, type Services } from './services.js';
import { createStoreFactory, type StoreFactory } from './storage/stores.js';

/** Everything the app is built from; only main.ts (and the test harness) construct these. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  logger: Logger;
  /** Defaults to production crypto keyed by `config.encryptionSecret`. */
  crypto?: AppCrypto;
  /** Storage drivers; defaults to the real ones (local disk under `config.dataDir`, S3). */
  stores?: StoreFactory;
  /** Name resolution of the URL-upload SSRF guard (tests); else built from `config.urlFetchTrustedHosts`. */
  urlPolicy?: SsrfPolicy;
  /** Worker timings of the task engine; only tests change them. */
  taskOptions?: Partial<TaskEngineOptions>;
  /** Cache clears between instances on one PostgreSQL database (main.ts); none by default. */
  bus?: InvalidationBus;
}

export interface BuiltApp {
  app: Hono<AppEnv>;
  services: Services;
  /** This process's metrics when /metrics is served (METRICS_TOKEN or METRICS_PORT), else null. */
  metrics: AppMetrics | null;
  /** Resolves once no request handler is running (shutdown waits for it before closing the database). */
  settled: () => Promise<void>;
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
  const crypto = cryptoOf(deps);
  const inFlight = inFlightRequests();
  let metrics: AppMetrics | null = null;
  let stores = deps.stores ?? createStoreFactory({ dataDir: config.dataDir, mac: crypto.mac, clock: deps.clock });
  if (metricsEnabled(config.metrics)) {
    const tasks = () => services.tasks.countByStatus();
    metrics = createMetrics({ taskCounts: tasks, inFlight: inFlight.count, logger });
    stores = countStorageErrors(stores, metrics.storageError);
  }
  // URL_FETCH_TRUSTED_HOSTS: names the SSRF guard lets reach private addresses (tests inject a whole policy).
  const trusted = config.urlFetchTrustedHosts;
  const urlPolicy = deps.urlPolicy ?? (trusted.length > 0 ? { trustedHosts: new Set(trusted) } : undefined);
  const services = createServices({ ...deps, crypto, stores, urlPolicy });
  const app = new Hono<AppEnv>();
  const links = { trustProxy: config.trustProxy, publicUrl: config.publicUrl, allowedHosts: config.allowedHosts };

  app.use(inFlight.middleware);
  if (metrics) app.use(metrics.middleware);
  app.use(requestId(deps.ids));
  app.use(requestLog(logger));
  // Pages list the plain-http storage endpoints the uploader PUTs to (connect-src).
  // …and allow index.html's inline start-up scripts by their hashes.
  app.use(
    securityHeaders({
      storageOrigins: () => services.storageConfigs.browserOrigins(),
      scriptHashes: inlineScriptHashes(config.webDist),
    }),
  );
  app.use(language());
  app.use('/api/*', sameOriginCors(config.trustProxy, config.corsOrigins));
  app.use('/api/*', auth(services, config.trustProxy));

  app.route('/api', systemRoutes(services.system));
  app.route('/api', authRoutes(services.auth, { trustProxy: config.trustProxy }));
  app.route('/api', apiKeysRoutes(services.apiKeys));
  app.route('/api', settingsRoutes(services.settings));
  app.route('/api', pastesRoutes(services.pastes));
  app.route('/api', pasteViewsRoutes(services.pasteViews, { trustProxy: config.trustProxy }));
  app.route(
    '/api',
    storageConfigsRoutes(services.storageConfigs, { selfFetch: async (url, init) => app.request(url, init) }),
  );
  app.route('/api', mountsRoutes(services.mounts));
  app.route('/api', localStorageRoutes(services.localStorage));
  app.route('/api', filesRoutes(services.files, links));
  app.route('/api', fileUploadsRoutes(services.fileUploads, services.fileMultipart, links));
  app.route('/api', fileAccessRoutes(services.fileAccess, links));
  app.route('/api', urlUploadRoutes(services.urlUpload, services.urlFetch, links));
  app.route('/api', dashboardRoutes(services.dashboard));
  app.route('/api', cacheRoutes(services.cache));
  app.route('/api', backupRoutes(services.backup));
  app.route('/api', tasksRoutes(services.tasks));
  app.route('/api', fsRoutes(services.fsRead, services.fsWrite));
  app.route('/api', fsCopyRoutes(services.fsCopy));
  app.route('/api', fsShareRoutes(services.fsShare));
  app.route('/api', fsSearchRoutes(services.search));
  app.route('/api', fsArchiveRoutes(services.fsArchive, services.fsArchiveTasks));
  app.route('/api', fsUploadRoutes(services.fsPresign, services.fsMultipart, links));
  app.route('/api', openApiRoutes());

  // WebDAV checks the credentials of every request itself (Basic too), outside /api's middleware.
  app.route('/', webdavRoutes(services.webdav, { ...services, trustProxy: config.trustProxy, logger }));

  app.all('/api', () => {
    throw notFound('route');
  });
  app.all('/api/*', () => {
    throw notFound('route');
  });
  // On the main port only to the METRICS_TOKEN; else the 404 of an unknown API route (never the SPA's page).
  if (metrics && config.metrics.token) app.get('/metrics', metricsHandler(metrics, config.metrics.token));
  else
    app.get('/metrics', () => {
      throw notFound('route');
    });
  app.get(
    '/manifest.webmanifest',
    webManifest(config.webDist, () => services.settings.value('site_title')),
  );
  // An open paste's text and an open image share's picture come with the HTML (none counted; middleware/first-view.ts).
  const firstView = {
    paste: (slug: string) => services.pasteViews.openPreview(slug),
    image: (slug: string) => services.fileAccess.openImagePreview(slug),
  };
  app.get('*', spa(config.webDist, { firstView }));

  app.notFound(notFoundHandler());
  app.onError(errorHandler(logger));
  return { app, services, metrics, settled: inFlight.settled };
}
