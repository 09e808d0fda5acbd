import type { CacheScope } from './cache-registry.js';

/**
 * Carries cache clears to the other instances sharing the database (ARCHITECTURE §3: a cache kept in one
 * process is a pure cache with cross-instance invalidation). `publish` resolves once the message is
 * handed to the database; a handler never sees this instance's own messages.
 */
export interface InvalidationBus {
  publish(scope: CacheScope): Promise<void>;
  /** Calls `handler` for every clear another instance publishes (and `{ kind: 'all' }` after a gap). */
  subscribe(handler: (scope: CacheScope) => void): () => void;
}

/** One process on its own database (SQLite, the tests): there is nobody else to tell. */
export const LOCAL_BUS: InvalidationBus = {
  publish: async () => {},
  subscribe: () => () => {},
};
