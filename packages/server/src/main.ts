import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.js';
import { bootstrap, firstRunBanner } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb } from './db/client.js';
import { pgInvalidationBus } from './db/pg-invalidation-bus.js';
import { periodicClaims } from './jobs/periodic-claim.js';
import { startPasteSweep } from './jobs/paste-sweep.js';
import { startUploadCleanup } from './jobs/upload-cleanup.js';
import { systemClock } from './lib/clock.js';
import { createAppCrypto } from './lib/crypto/crypto.js';
import { tuneServer } from './http/http-server.js';
import { guardSlowClients } from './http/slow-clients.js';
import { cryptoIds } from './lib/crypto/ids.js';
import { consoleLogger, type Logger } from './lib/logger.js';
import { jsonLogger } from './lib/logger-json.js';
import { metricsServer } from './http/metrics-endpoint.js';
import { loadOrCreateSecret } from './lib/crypto/secret-file.js';
import { listenOnSocket } from './http/unix-socket.js';

/** Requests in flight may finish within this; then their connections are ended (under Docker's 10 s stop timeout). */
const SHUTDOWN_GRACE_MS = 6_000;
/** What ended requests get to clean up after themselves (an unfinished upload discards its share). */
const SHUTDOWN_CLEANUP_MS = 2_500;
const CLOSE_IDLE_EVERY_MS = 250;

function configOrExit(): Config {
  try {
    // The only place that reads process.env.
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(
      `Driftbox cannot start: invalid configuration\n${err.problems.map((p) => `  - ${p}\n`).join('')}`,
    );
    process.exit(1);
  }
}

function displayUrl(info: AddressInfo): string {
  const host = info.address === '0.0.0.0' || info.address === '::' ? 'localhost' : info.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;
}

function onShutdown(
  servers: ServerType[],
  settled: () => Promise<void>,
  close: () => Promise<void>,
  logger: Logger,
): void {
  let stopping = false;
  // Once stopping, every answer (to a request in flight, or a new one on a keep-alive connection still
  // open: it may be a part of an upload) says Connection: close, so the client takes its next request
  // elsewhere and the connection ends with it.
  const unanswered = new Set<ServerResponse>();
  for (const server of servers) {
    server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      // Hono's listener runs first and may have answered already (a malformed Host is refused at once).
      if (stopping) {
        if (!res.headersSent) res.setHeader('Connection', 'close');
        return;
      }
      unanswered.add(res);
      res.on('close', () => unanswered.delete(res));
    });
  }
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    // In-flight requests may finish; one still open then (a long upload) has its connection ended, so its
    // handler discards what it started instead of leaving a pending share that holds room for hours.
    setTimeout(() => {
      logger.warn(
        `Ending ${unanswered.size} request(s) still open after ${SHUTDOWN_GRACE_MS / 1000} s; unfinished uploads are discarded`,
      );
      for (const server of servers) if ('closeAllConnections' in server) server.closeAllConnections();
      setTimeout(() => {
        logger.error('Shutdown took too long, exiting');
        process.exit(1);
      }, SHUTDOWN_CLEANUP_MS).unref();
    }, SHUTDOWN_GRACE_MS).unref();
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    // Closing a Unix socket server also removes its socket file.
    const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    // The handlers of requests whose connections ended may still be cleaning up: the database waits for them.
    void Promise.all(closed).then(() =>
      settled()
        .then(close)
        .then(
          () => process.exit(0),
          (err: unknown) => {
            logger.error('Error while closing the database', { error: String(err) });
            process.exit(1);
          },
        ),
    );
    // Idle keep-alive sockets would otherwise hold close() open until they time out; a request in
    // flight when the signal came leaves its socket idle later, so they are closed until all are gone.
    const closeIdle = () => {
      for (const server of servers) if ('closeIdleConnections' in server) server.closeIdleConnections();
    };
    closeIdle();
    setInterval(closeIdle, CLOSE_IDLE_EVERY_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Starts Driftbox: config, data folder, database, first run, HTTP server, graceful shutdown. */
async function main(): Promise<void> {
  const config = configOrExit();
  const clock = systemClock();
  // JSON lines for log collectors; text for a person watching a terminal, unless LOG_FORMAT says otherwise.
  const format = config.logFormat ?? (process.stdout.isTTY ? 'text' : 'json');
  const logger = format === 'json' ? jsonLogger(config.logLevel) : consoleLogger(config.logLevel, clock.now);
  // Everything this process creates is the owner's alone: the SQLite file and its -wal/-shm, stored
  // files and their temporary copies, folders (0700). The Unix socket is opened to the group by chmod.
  process.umask(0o077);
  // A new data folder is the owner's alone: the database, stored files and secret are inside.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const secret = config.encryptionSecret ?? loadOrCreateSecret(config.dataDir).secret;

  const db = createDb(config.database, (err) => logger.warn('Database connection lost', { error: err.message }));
  // Several instances may share a PostgreSQL database: their caches hear each other's clears.
  const bus = config.database.kind === 'postgres' ? pgInvalidationBus(config.database.url, db, logger) : null;
  await bus?.ready;
  const { app, services, metrics, settled } = createApp({
    config,
    db,
    ...(bus && { bus: bus.bus }),
    clock,
    ids: cryptoIds(),
    logger,
    crypto: createAppCrypto(secret),
  });
  const firstRun = await bootstrap(db, services, config);
  if (firstRun.created && firstRun.generatedPassword) {
    process.stdout.write(`\n${firstRunBanner(firstRun.username, firstRun.generatedPassword)}\n\n`);
  } else if (firstRun.created) {
    logger.info(`Created administrator "${firstRun.username}" with the configured ADMIN_PASSWORD`);
  }

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const storage = config.database.kind === 'postgres' ? 'PostgreSQL' : `SQLite (${config.database.file})`;
    logger.info(`Driftbox listening on ${displayUrl(info)}`, { storage, dataDir: config.dataDir });
  });
  server.on('error', (err) => {
    logger.error('HTTP server error', { error: err.message });
    process.exit(1);
  });
  tuneServer(server as Server);
  guardSlowClients(server as Server, config.slowClients, logger);
  metrics?.watchServer(server as Server);
  const servers: ServerType[] = [server];
  if (config.socketPath) {
    // The same app on a Unix socket, for a reverse proxy on this machine.
    const socketServer = createAdaptorServer({ fetch: app.fetch, hostname: config.host });
    tuneServer(socketServer as Server);
    // Every connection on the socket is the proxy's: the body rate applies, the per-client cap does not.
    guardSlowClients(socketServer as Server, { ...config.slowClients, maxConnectionsPerClient: 0 }, logger);
    await listenOnSocket(socketServer, config.socketPath).catch((err: unknown) => {
      process.stderr.write(
        `Driftbox cannot listen on SOCKET_PATH: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      process.exit(1);
    });
    socketServer.on('error', (err) => logger.error('Unix socket server error', { error: err.message }));
    metrics?.watchServer(socketServer as Server);
    logger.info(`Driftbox listening on unix:${config.socketPath}`);
    servers.push(socketServer);
  }
  if (metrics && config.metrics.port !== null) {
    const listener = await metricsServer(metrics, config.metrics).catch((err: unknown) => {
      process.stderr.write(
        `Driftbox cannot listen on METRICS_PORT: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      process.exit(1);
    });
    const address = listener.address() as AddressInfo;
    logger.info(`Metrics on ${displayUrl(address)}/metrics`, {
      auth: config.metrics.token === null ? 'none' : 'METRICS_TOKEN',
    });
    servers.push(listener);
  }
  // Sweeps run once per period across the instances sharing the database.
  const claim = periodicClaims(db, clock, logger);
  const pasteSweep = startPasteSweep({ pastes: services.pastes, logger, claim: (ms) => claim('paste-sweep', ms)() });
  const uploadCleanup = startUploadCleanup({
    claim: (ms) => claim('upload-cleanup', ms)(),
    files: services.fileCleanup,
    urlFetches: services.urlFetch,
    fsUploads: services.fsUploadCleanup,
    logger,
  });
  const taskWorker = services.tasks.startWorker();
  onShutdown(
    servers,
    settled,
    async () => {
      await services.urlFetch.stop();
      // A task still running is given back to the queue (another instance, or the next start, resumes it).
      await taskWorker.stop();
      await pasteSweep.stop();
      await uploadCleanup.stop();
      await services.flushViews();
      await bus?.close();
      await db.destroy();
    },
    logger,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Driftbox failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
