import type { Server } from 'node:net';
import { TASK_STATUSES } from '@driftbox/contract';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { AppEnv } from '../app-env.js';
import type { Logger } from '../lib/logger.js';
import { requestSeries } from './metrics-requests.js';

export interface MetricsSources {
  /** Tasks of every instance by state, read from the task table at each scrape. */
  taskCounts: () => Promise<{ status: string; count: number }[]>;
  /** Requests whose handlers are running now. */
  inFlight: () => number;
  logger: Logger;
}

/** What a request handler may tell the metrics (on the context as `metrics` when they are enabled). */
export interface RequestMetrics {
  /** The request's body is being streamed to storage: it counts as an upload in flight until its handler ends. */
  uploadStarted(c: Context<AppEnv>): void;
}

/** This process's metrics (each instance exposes its own; Prometheus sums them). */
export interface AppMetrics extends RequestMetrics {
  registry: Registry;
  /** Counts every request by route pattern (never the raw path), method and status, and times it. */
  middleware: MiddlewareHandler<AppEnv>;
  /** A storage operation failed (`storageType` LOCAL or S3, `code` the StorageError code). */
  storageError(storageType: string, code: string): void;
  /** Counts the bytes received and sent on the server's connections. */
  watchServer(server: Server): void;
  /** The text exposition of every metric. */
  render(): Promise<string>;
}

/** Byte totals of a server's connections: those closed, plus those still open (read at each scrape). */
function connectionBytes() {
  const open = new Set<{ bytesRead: number; bytesWritten: number }>();
  let read = 0;
  let written = 0;
  return {
    watch(server: Server) {
      server.on('connection', (socket) => {
        open.add(socket);
        socket.once('close', () => {
          open.delete(socket);
          read += socket.bytesRead;
          written += socket.bytesWritten;
        });
      });
    },
    totals() {
      let r = read;
      let w = written;
      for (const socket of open) {
        r += socket.bytesRead;
        w += socket.bytesWritten;
      }
      return { read: r, written: w };
    },
  };
}

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const bytes = connectionBytes();

  const record = requestSeries(registry);
  new Gauge({
    name: 'driftbox_http_requests_in_flight',
    help: 'Requests whose handlers are running',
    registers: [registry],
    collect() {
      this.set(sources.inFlight());
    },
  });
  const uploads = new Gauge({
    name: 'driftbox_uploads_in_flight',
    help: 'Requests streaming a body to storage now (uploads, parts, WebDAV PUT)',
    registers: [registry],
  });
  for (const [name, help, pick] of [
    ['driftbox_http_received_bytes_total', 'Bytes received on HTTP connections (headers and bodies)', 'read'],
    ['driftbox_http_sent_bytes_total', 'Bytes sent on HTTP connections (headers and bodies)', 'written'],
  ] as const) {
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(bytes.totals()[pick]);
      },
    });
  }
  const storageErrors = new Counter({
    name: 'driftbox_storage_errors_total',
    help: 'Failed storage operations by storage type and error code',
    labelNames: ['storage_type', 'code'],
    registers: [registry],
  });
  new Gauge({
    name: 'driftbox_tasks',
    help: 'Background tasks of all instances by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const counts = new Map((await sources.taskCounts()).map((r) => [r.status, r.count]));
        for (const state of TASK_STATUSES) this.set({ state }, counts.get(state) ?? 0);
      } catch (err) {
        sources.logger.warn('Metrics: tasks not counted', { error: String(err) });
      }
    },
  });

  const uploadStarted = (c: Context<AppEnv>) => {
    if (c.get('uploading') === true) return;
    c.set('uploading', true);
    uploads.inc();
  };
  const tracker: RequestMetrics = { uploadStarted };

  return {
    registry,
    uploadStarted,
    middleware: async function metricsMiddleware(c, next) {
      c.set('metrics', tracker);
      const started = performance.now();
      try {
        await next();
      } finally {
        if (c.get('uploading') === true) uploads.dec();
        // The pattern of the route that answered (`/api/paste/:slug`, the `/api/*` 404, `*` for pages).
        record(routePath(c) || 'unmatched', c.req.method, c.res.status, (performance.now() - started) / 1000);
      }
    },
    storageError: (storageType, code) => storageErrors.inc({ storage_type: storageType, code }),
    watchServer: (server) => bytes.watch(server),
    render: () => registry.metrics(),
  };
}
