import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { CacheScope } from '../lib/cache/cache-registry.js';
import type { InvalidationBus } from '../lib/cache/invalidation-bus.js';
import type { Logger } from '../lib/logger.js';
import type { Database } from './schema.js';

/** NOTIFY channels are per database: instances on another database never hear these. */
const CHANNEL = 'driftbox_cache';
const RECONNECT_MS = 1_000;

interface Message {
  from: string;
  scope: CacheScope;
}

/**
 * Cache clears between the instances on one PostgreSQL database: NOTIFY through the pool (delivered
 * when it commits, before the writer answers), LISTEN on a connection of its own. While that connection
 * is down nothing is heard, so every reconnect clears everything once (a missed message is a stale entry).
 */
export function pgInvalidationBus(url: string, db: Kysely<Database>, logger: Logger) {
  const from = randomUUID();
  const handlers = new Set<(scope: CacheScope) => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const deliver = (scope: CacheScope) => {
    for (const handler of handlers) handler(scope);
  };

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    client = next;
    // An error ends this connection; 'end' follows and schedules the next attempt.
    next.on('error', (err) => logger.warn('Cache invalidation listener lost', { error: err.message }));
    next.on('end', () => {
      if (client === next) client = null;
      retry();
    });
    next.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const message = JSON.parse(n.payload) as Message;
        if (message.from !== from) deliver(message.scope);
      } catch {
        logger.warn('Unreadable cache invalidation ignored');
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (closed) return void (await next.end());
      // What was published while nobody listened is lost: start clean (at start-up nothing is cached yet).
      deliver({ kind: 'all' });
    } catch (err) {
      logger.warn('Cache invalidation listener cannot connect', { error: String(err) });
      next.removeAllListeners('end');
      if (client === next) client = null;
      void next.end().catch(() => {});
      retry();
    }
  }

  const bus: InvalidationBus = {
    async publish(scope) {
      const payload = JSON.stringify({ from, scope } satisfies Message);
      await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(db);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
  return {
    bus,
    /** Resolves once listening (the first attempt; later ones retry in the background). */
    ready: connect(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const open = client;
      client = null;
      if (open) await open.end().catch(() => {});
    },
  };
}
