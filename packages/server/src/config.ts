import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MIN, USERNAME_MAX } from '@driftbox/contract';
import { z } from 'zod';
import type { TrustProxy } from './http/client-ip.js';
import type { SlowClientLimits } from './http/slow-clients.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './lib/logger.js';
import { envBoolean, isHostName, isLoopback, isOrigin, secretWeakness, WEAK_ADMIN_PASSWORDS } from './config-checks.js';

export { MIN_SECRET_LENGTH, secretWeakness } from './config-checks.js';

/**
 * The built web app. `src/config.ts` and the bundle `dist/main.js` both sit two levels below
 * `packages/`, so one relative URL works for `tsx` and for the built server.
 */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Linux keeps a Unix socket's path in 108 bytes, the last one a NUL. */
const MAX_SOCKET_PATH_BYTES = 107;
/**
 * Every environment variable the server reads, with its default. Empty values count as unset.
 * This is the one place to add a variable; `main.ts` passes `process.env` to `loadConfig`.
 */
export const EnvSchema = z.object({
  /** TCP port of the HTTP server (app and API on one port). */
  PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  /** Interface to bind; 0.0.0.0 listens on all IPv4 interfaces. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** A Unix socket to listen on as well (a reverse proxy on the same machine), relative to the working directory. */
  SOCKET_PATH: z.string().min(1).optional(),
  /** Data folder (SQLite file, local storage, generated secret), relative to the working directory. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Empty: SQLite file `DATA_DIR/driftbox.db`. `postgres://…` or `postgresql://…`: PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be empty (SQLite) or a postgres:// or postgresql:// URL')
    .optional(),
  /** Master secret for AES-GCM and HMAC. Unset: a random one is generated into `DATA_DIR/secret.key`. */
  ENCRYPTION_SECRET: z
    .string()
    .superRefine((v, ctx) => {
      const weakness = secretWeakness(v);
      if (weakness) ctx.addIssue({ code: 'custom', message: `is too weak: ${weakness}` });
    })
    .optional(),
  /** Username of the first admin, created on first run when no admin exists. */
  ADMIN_USERNAME: z.string().trim().min(1).max(USERNAME_MAX).default('admin'),
  /** Password of the first admin. Unset: a random one is generated and printed once. */
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .refine((v) => !WEAK_ADMIN_PASSWORDS.has(v.toLowerCase()), 'is a well-known default password')
    .optional(),
  /** Minimum level written to the console. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** `json` (one object per line) or `text`. Unset: json, or text when stdout is a terminal. */
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
  /** Serves GET /metrics on the main port to `Authorization: Bearer <METRICS_TOKEN>` (and asks it on METRICS_PORT). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Serves GET /metrics on a listener of its own on METRICS_HOST:METRICS_PORT. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface of the METRICS_PORT listener; one other than loopback needs METRICS_TOKEN. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Use X-Forwarded-For for the client IP (only behind a trusted reverse proxy). */
  TRUST_PROXY: envBoolean,
  /**
   * Other origins whose pages may call the API (comma-separated, e.g. `https://paste.example.com`): a
   * copy of the web app served elsewhere with `backendUrl` pointing here. Empty: this origin only.
   */
  CORS_ORIGINS: z
    .string()
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      const bad = origins.filter((o) => !isOrigin(o));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must list origins like https://app.example.com (scheme, host and port only); not ${bad.join(', ')}`,
        });
        return z.NEVER;
      }
      return origins;
    })
    .optional(),
  /** A request body slower than this many bytes per second over BODY_RATE_WINDOW ends with 408; 0: no minimum. */
  MIN_BODY_RATE: z.coerce.number().int().min(0).default(1024),
  /** Seconds the body rate is averaged over. */
  BODY_RATE_WINDOW: z.coerce.number().int().min(1).max(3600).default(60),
  /** Open connections per client address; 0: no cap. Default 64, or none with TRUST_PROXY and no SOCKET_PATH. */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).optional(),
  /** Origin links are built from (`https://files.example.com`); Driftbox serves at the root, so no path. */
  PUBLIC_URL: z
    .string()
    .refine(
      isOrigin,
      'must be an http(s) origin like https://files.example.com: no path (Driftbox is served at the root of its host), query or fragment',
    )
    .optional(),
  /** Without PUBLIC_URL, other host names links may be built for (comma-separated, no scheme or port). */
  ALLOWED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every(isHostName), 'must list host names like files.example.com (no scheme or port)')
    .optional(),
  /**
   * Host names (comma-separated) URL uploads may fetch from although they resolve to loopback or private
   * addresses: an intranet mirror, a test fixture. Names only: an address or a wildcard is refused.
   */
  URL_FETCH_TRUSTED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((h) => isHostName(h) && !isIP(h) && !h.includes('*')),
      'must list host names like mirror.internal (no address, wildcard, scheme or port)',
    )
    .optional(),
  /** Folder of the built web app served with SPA fallback. */
  WEB_DIST: z.string().min(1).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export interface MetricsConfig {
  token: string | null;
  port: number | null;
  host: string;
}

/** True when /metrics is served anywhere. */
export function metricsEnabled(metrics: MetricsConfig): boolean {
  return metrics.token !== null || metrics.port !== null;
}

/** Combinations of the metrics variables that would expose or collide. */
function metricsProblems(e: z.output<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) problems.push('METRICS_PORT: must differ from PORT');
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN && !isLoopback(e.METRICS_HOST)) {
    problems.push(`METRICS_HOST: ${e.METRICS_HOST} is reachable from other machines: set METRICS_TOKEN too`);
  }
  return problems;
}

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** The validated configuration the app is built from. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the Unix socket to listen on besides HOST:PORT, or null. */
  socketPath: string | null;
  dataDir: string;
  database: DatabaseConfig;
  /** Configured secret, or null when `main.ts` must load/generate `DATA_DIR/secret.key`. */
  encryptionSecret: string | null;
  admin: { username: string; password: string | null };
  logLevel: LogLevel;
  /** LOG_FORMAT, or null: `main.ts` writes JSON unless stdout is a terminal. */
  logFormat: LogFormat | null;
  /**
   * GET /metrics (Prometheus): with `token` on the main listener to that Bearer token; with `port` on a
   * listener of its own on `host`. Neither: not served (404 like any unknown path).
   */
  metrics: MetricsConfig;
  /** Whose X-Forwarded-* to believe: every request's, none, or with SOCKET_PATH only the socket's. */
  trustProxy: TrustProxy;
  /** Origins besides the app's own that may call the API from a browser (CORS). */
  corsOrigins: string[];
  /** Minimum body rate and per-client connection cap (the Unix socket's connections are not capped). */
  slowClients: SlowClientLimits;
  /** PUBLIC_URL's origin, or null: links then use the request's host when allowed (http/origin.ts). */
  publicUrl: string | null;
  /** ALLOWED_HOSTS, lower case. */
  allowedHosts: string[];
  /** URL_FETCH_TRUSTED_HOSTS, lower case: names the SSRF guard lets reach private addresses. */
  urlFetchTrustedHosts: string[];
  webDist: string;
  nodeEnv: 'development' | 'production' | 'test';
}

/** Thrown by `loadConfig` with every problem found, one line each. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Validates the environment and returns the config, or throws a ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined>, cwd: string = process.cwd()): Config {
  const known = Object.keys(EnvSchema.shape);
  const input = Object.fromEntries(known.map((name) => [name, env[name] === '' ? undefined : env[name]]));
  const parsed = EnvSchema.safeParse(input);
  // Checked here, not in the schema: the limit is on the path resolved against `cwd`.
  const socketPath = typeof input.SOCKET_PATH === 'string' ? path.resolve(cwd, input.SOCKET_PATH) : null;
  const socketProblem =
    socketPath !== null && Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES
      ? [`SOCKET_PATH: ${socketPath} is longer than the ${MAX_SOCKET_PATH_BYTES} bytes a Unix socket path may have`]
      : [];
  const combined = parsed.success ? [...socketProblem, ...metricsProblems(parsed.data)] : socketProblem;
  if (!parsed.success || combined.length > 0) {
    throw new ConfigError([
      ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
      ...combined,
    ]);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    socketPath,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'driftbox.db') },
    encryptionSecret: e.ENCRYPTION_SECRET ?? null,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD ?? null },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? null,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    trustProxy: e.TRUST_PROXY ? (socketPath ? 'socket' : true) : false,
    corsOrigins: (e.CORS_ORIGINS ?? []).map((o) => new URL(o).origin),
    slowClients: {
      minBodyRate: e.MIN_BODY_RATE,
      bodyRateWindowMs: e.BODY_RATE_WINDOW * 1000,
      // Behind a proxy on TCP every connection comes from the proxy: no cap unless one is asked for.
      maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT ?? (e.TRUST_PROXY && !socketPath ? 0 : 64),
    },
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    urlFetchTrustedHosts: e.URL_FETCH_TRUSTED_HOSTS ?? [],
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    nodeEnv: e.NODE_ENV,
  };
}
