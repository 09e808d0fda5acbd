/**
 * Per-test harness (STYLE §21): the real app on a fresh database — a temp SQLite file, or a new database
 * (its own schema) on the throwaway PostgreSQL cluster — with a fixed clock, an in-memory logger and ready-made actors.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromPermissionObject, type ApiKeyWithSecretDto, type PermissionObject } from '@driftbox/contract';
import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppEnv } from '../app-env.js';
import { createApp } from '../app.js';
import { bootstrap } from '../bootstrap.js';
import type { Config } from '../config.js';
import { createDb, dialectOf, type Dialect } from '../db/client.js';
import type { Database } from '../db/schema.js';
import type { AdminActor } from '../lib/auth/actor.js';
import { createPasswordHasher } from '../lib/crypto/password.js';
import { createAppCrypto, type AppCrypto } from '../lib/crypto/crypto.js';
import { cryptoIds } from '../lib/crypto/ids.js';
import { memoryLogger, type LogEntry, type Logger } from '../lib/logger.js';
import type { Services } from '../services.js';
import type { SsrfPolicy } from '../lib/net/ssrf.js';
import { testClock, type TestClock } from './clock.js';
import { assertNoSecretsLogged, teeLogger } from './log-secrets.js';

const pgUrl = inject('pgUrl');

/** Dialects every route test runs on: both, unless DRIFTBOX_TEST_PG=0. */
export const dialects: Dialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export const TEST_SECRET = 'test-only-0123456789abcdefghijklmnopqrstuvwxyz';
export const ADMIN = { username: 'admin', password: 'correct-horse-battery' } as const;
/** scrypt at N=2^10 keeps hundreds of logins fast; the hasher's own tests use production cost. */
export const testPasswords = createPasswordHasher({ N: 1024, r: 8, p: 1 });

/** Production crypto keyed by TEST_SECRET, with the cheap test password hasher. */
export function testCrypto(): AppCrypto {
  return { ...createAppCrypto(TEST_SECRET), passwords: testPasswords };
}

export type Headers = Record<string, string>;

export interface ApiKeyOptions {
  name?: string;
  basicPath?: string;
  expiresAt?: string | null;
  /** Which header carries the key (both are accepted by the server). */
  header?: 'authorization' | 'custom';
}

export interface CallOptions {
  headers?: Headers;
  /** JSON-encoded unless already a string. */
  body?: unknown;
}

export interface CallResult {
  status: number;
  headers: globalThis.Headers;
  // Tests assert on arbitrary envelope shapes.
  body: Record<string, unknown>;
  text: string;
}

export interface Harness {
  app: Hono<AppEnv>;
  db: Kysely<Database>;
  dialect: Dialect;
  clock: TestClock;
  config: Config;
  services: Services;
  logs: LogEntry[];
  adminActor: AdminActor;
  actors: {
    admin(): Headers;
    apiKey(permissions: number | Partial<PermissionObject>, options?: ApiKeyOptions): Promise<Headers>;
    anon: Headers;
  };
  /** Creates a key and returns it with the headers that present it. */
  createKey(
    permissions: number | Partial<PermissionObject>,
    options?: ApiKeyOptions,
  ): Promise<{ headers: Headers; key: ApiKeyWithSecretDto }>;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** Closes the database early (e.g. to test a failing database); `close` copes with it. */
  closeDb(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  dialect: Dialect;
  config?: Partial<Config>;
  /** Lets URL-upload tests reach a fixture server on loopback (the guard refuses loopback otherwise). */
  urlPolicy?: SsrfPolicy;
  /** Gets every log line too (besides `logs`), e.g. the production JSON logger. */
  logger?: Logger;
}

export interface TestDb {
  db: Kysely<Database>;
  database: Config['database'];
  /** Drops the PostgreSQL schema (SQLite files go with their folder). */
  drop(): Promise<void>;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let workerDb: Promise<string> | undefined;

/**
 * One database per vitest worker, created on first use (their schemas live in it). Test files run in
 * parallel workers, and PostgreSQL scopes advisory locks to a database: in one shared database every
 * harness's migration (Kysely locks with one fixed key) waited for those of the other workers.
 */
function workerDatabase(clusterUrl: string): Promise<string> {
  workerDb ??= (async () => {
    const name = `driftbox_w${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`;
    await adminQuery(clusterUrl, `CREATE DATABASE ${name}`);
    const url = new URL(clusterUrl);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return workerDb;
}

/** A fresh, empty (unmigrated) database: a SQLite file in `dir`, or a new schema on the cluster. */
export async function openTestDb(dialect: Dialect, dir: string): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const database = { kind: 'sqlite', file: path.join(dir, 'driftbox.db') } as const;
    return { db: createDb(database), database, drop: async () => {} };
  }
  if (!pgUrl) throw new Error('PostgreSQL is not available in this run');
  const workerUrl = await workerDatabase(pgUrl);
  // A schema per harness isolates as well as a database per harness and is ~10x cheaper to create
  // (CREATE DATABASE copies a template and checkpoints: 100-400 ms on a small machine).
  const schema = `driftbox_t_${randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => adminQuery(workerUrl, statement);
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(workerUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const database = { kind: 'postgres', url: url.toString() } as const;
  return { db: createDb(database), database, drop: () => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

/**
 * The tables of this database: on PostgreSQL only those of the connection's own schema (Kysely's
 * introspection lists every schema's, and test files run in parallel, each in schemas of its own).
 */
export async function ownTables(db: Kysely<Database>) {
  const tables = await db.introspection.getTables();
  if (dialectOf(db) !== 'postgres') return tables;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return tables.filter((t) => t.schema === rows[0]?.schema);
}

function baseConfig(dir: string, database: Config['database']): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    socketPath: null,
    dataDir: dir,
    database,
    encryptionSecret: TEST_SECRET,
    admin: { username: ADMIN.username, password: ADMIN.password },
    logLevel: 'silent',
    logFormat: 'text',
    metrics: { token: null, port: null, host: '127.0.0.1' },
    trustProxy: false,
    corsOrigins: [],
    slowClients: { minBodyRate: 1024, bodyRateWindowMs: 60_000, maxConnectionsPerClient: 64 },
    publicUrl: null,
    allowedHosts: [],
    urlFetchTrustedHosts: [],
    webDist: path.join(dir, 'no-web-build'),
    nodeEnv: 'test',
  };
}

/** Builds the app on a fresh database, runs first-run setup and logs the admin in. */
export async function createHarness(options: HarnessOptions): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-test-'));
  const testDb = await openTestDb(options.dialect, dir);
  const config: Config = { ...baseConfig(dir, testDb.database), ...options.config };
  const clock = testClock();
  const logger = memoryLogger();
  const crypto = testCrypto();
  const { app, services } = createApp({
    config,
    db: testDb.db,
    clock,
    ids: cryptoIds(),
    logger: teeLogger(logger, options.logger),
    crypto,
    ...(options.urlPolicy ? { urlPolicy: options.urlPolicy } : {}),
  });
  await bootstrap(testDb.db, services, config);

  const login = await services.auth.login('harness', {
    username: config.admin.username,
    password: config.admin.password ?? '',
  });
  const adminActor = await services.auth.resolveToken(login.token);
  // Secrets the harness knows; close() fails the test when a log line holds one.
  const secrets: Record<string, string> = {
    'admin password': config.admin.password ?? '',
    'admin session token': login.token,
    'encryption secret': TEST_SECRET,
  };
  const createKey = keyFactory(services, adminActor, secrets);
  let dbOpen = true;

  const closeDb = async () => {
    if (!dbOpen) return;
    dbOpen = false;
    await testDb.db.destroy();
  };

  return {
    app,
    db: testDb.db,
    dialect: options.dialect,
    clock,
    config,
    services,
    logs: logger.entries,
    adminActor,
    actors: {
      admin: () => ({ Authorization: `Bearer ${login.token}` }),
      apiKey: async (permissions, keyOptions) => (await createKey(permissions, keyOptions)).headers,
      anon: {},
    },
    createKey,
    call: (method, urlPath, callOptions = {}) => call(app, method, urlPath, callOptions),
    closeDb,
    async close() {
      await closeDb();
      await testDb.drop();
      rmSync(dir, { recursive: true, force: true });
      assertNoSecretsLogged(logger.entries, secrets);
    },
  };
}

/** Creates keys as the admin, named key-1, key-2, … unless named, never expiring unless told. */
function keyFactory(services: Services, adminActor: AdminActor, secrets: Record<string, string>): Harness['createKey'] {
  let keyCount = 0;
  return async (permissions, keyOptions = {}) => {
    keyCount += 1;
    const key = await services.apiKeys.create(adminActor, {
      name: keyOptions.name ?? `key-${keyCount}`,
      permissions: typeof permissions === 'number' ? permissions : fromPermissionObject(permissions),
      role: 'GENERAL',
      basic_path: keyOptions.basicPath ?? '/',
      is_guest: 0,
      is_enable: 1,
      expires_at: keyOptions.expiresAt === undefined ? null : keyOptions.expiresAt,
    });
    secrets[`API key ${keyCount}`] = key.key;
    const headers: Headers =
      keyOptions.header === 'custom' ? { 'X-Custom-Auth-Key': key.key } : { Authorization: `ApiKey ${key.key}` };
    return { headers, key };
  };
}

async function call(app: Hono<AppEnv>, method: string, urlPath: string, options: CallOptions): Promise<CallResult> {
  const headers: Headers = { ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await app.request(urlPath, { method, headers, body });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  if ((res.headers.get('content-type') ?? '').includes('json') && text)
    parsed = JSON.parse(text) as Record<string, unknown>;
  return { status: res.status, headers: res.headers, body: parsed, text };
}
