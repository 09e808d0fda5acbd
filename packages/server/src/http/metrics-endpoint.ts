import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono, type Handler } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { MetricsConfig } from '../config.js';
import { unauthorized } from '../lib/errors.js';
import { fail } from './envelope.js';
import type { AppMetrics } from './metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the header is `Bearer <token>`; compared in constant time (digests of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

/** GET /metrics: the Prometheus text, to the Bearer token when there is one. */
export function metricsHandler(metrics: AppMetrics, token: string | null): Handler<AppEnv> {
  return async (c) => {
    if (token !== null && !bearerMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return fail(c, unauthorized());
    }
    return c.body(await metrics.render(), 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  };
}

/**
 * The METRICS_PORT listener: /metrics alone (everything else 404), on METRICS_HOST (loopback unless told;
 * config refuses another address without a token). Its own requests are not counted.
 */
export function metricsServer(metrics: AppMetrics, config: MetricsConfig): Promise<Server> {
  const app = new Hono<AppEnv>();
  app.get('/metrics', metricsHandler(metrics, config.token));
  app.notFound((c) => c.text('Not Found', 404));
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port ?? 0, config.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
