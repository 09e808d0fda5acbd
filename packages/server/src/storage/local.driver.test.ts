import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { systemClock } from '../lib/clock.js';
import { notFound } from '../lib/errors.js';
import { memoryLogger } from '../lib/logger.js';
import { createMac } from '../lib/crypto/mac.js';
import { errorHandler } from '../middleware/error-handler.js';
import { localStorageRoutes } from '../modules/local-storage/local-storage.routes.js';
import { createLocalStorageService } from '../modules/local-storage/local-storage.service.js';
import { TEST_SECRET } from '../test/harness.js';
import { createLocalStore } from './local.driver.js';
import { objectStoreSuite } from './object-store.suite.js';

// The local driver, with its presigned URLs served over a real listening socket by the same
// local-storage routes the app mounts.
objectStoreSuite('local disk', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-store-'));
  const mac = createMac(TEST_SECRET);
  const clock = systemClock();
  const store = createLocalStore({ configId: 'suite', root: dir, mac, clock });
  const service = createLocalStorageService({
    mac,
    clock,
    guard: { mayPut: async () => 'ok', mayGet: async () => true, unclaimed: async () => false },
    resolveStore: async (id) => {
      if (id !== 'suite') throw notFound('storage config');
      return store;
    },
  });
  const app = new Hono<AppEnv>();
  app.route('/api', localStorageRoutes(service));
  app.onError(errorHandler(memoryLogger()));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    store,
    fetchPresigned: (url, init) => fetch(new URL(url, base), init),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
