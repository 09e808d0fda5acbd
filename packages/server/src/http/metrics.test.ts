import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.js';
import { systemClock } from '../lib/clock.js';
import { createAppCrypto } from '../lib/crypto/crypto.js';
import { memoryLogger } from '../lib/logger.js';
import { countStorageErrors } from '../storage/counted-stores.js';
import { createStoreFactory } from '../storage/stores.js';
import { TEST_SECRET } from '../test/harness.js';
import { bearerMatches, metricsServer } from './metrics-endpoint.js';
import { createMetrics } from './metrics.js';
import { streamBody } from './request.js';

const sources = { taskCounts: async () => [], inFlight: () => 0, logger: memoryLogger() };

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

describe('metrics', () => {
  it('counts a request streaming its body as an upload in flight until its handler ends', async () => {
    const metrics = createMetrics(sources);
    const app = new Hono<AppEnv>();
    app.use(metrics.middleware);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    app.put('/up/:name', async (c) => {
      streamBody(c);
      streamBody(c); // a second look at the body is the same upload
      await held;
      return c.text('ok');
    });
    const uploads = async () => sample(await metrics.render(), 'driftbox_uploads_in_flight');
    const pending = app.request('/up/a', { method: 'PUT', body: 'bytes' });
    await new Promise((r) => setTimeout(r, 5));
    expect(await uploads()).toBe(1);
    release();
    expect((await pending).status).toBe(200);
    expect(await uploads()).toBe(0);
    expect(
      sample(await metrics.render(), 'driftbox_http_requests_total{route="/up/:name",method="PUT",status="200"}'),
    ).toBe(1);
  });

  it('counts failed storage operations by storage type and code (a real LOCAL store)', async () => {
    const metrics = createMetrics(sources);
    const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-metrics-'));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const clock = systemClock();
    const stores = countStorageErrors(
      createStoreFactory({ dataDir: dir, mac: createAppCrypto(TEST_SECRET).mac, clock }),
      metrics.storageError,
    );
    const store = stores.open({ type: 'LOCAL', configId: 'local' });
    await store.put('a.txt', Readable.from([Buffer.from('x')]));
    await expect(store.get('missing.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(store.get('../escape')).rejects.toMatchObject({ code: 'INVALID_KEY' });
    await expect(store.get('missing-too.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const text = await metrics.render();
    expect(sample(text, 'driftbox_storage_errors_total{storage_type="LOCAL",code="NOT_FOUND"}')).toBe(2);
    expect(sample(text, 'driftbox_storage_errors_total{storage_type="LOCAL",code="INVALID_KEY"}')).toBe(1);
  });

  it('counts the bytes in and out of a real server, open connections included', async () => {
    const metrics = createMetrics(sources);
    const app = new Hono<AppEnv>();
    app.use(metrics.middleware);
    app.post('/echo', async (c) => c.body(await c.req.arrayBuffer()));
    const server = createAdaptorServer({ fetch: app.fetch }) as Server;
    metrics.watchServer(server);
    const base = await listen(server);
    closers.push(() => server.close());
    const body = 'x'.repeat(10_000);
    expect(await (await fetch(`${base}/echo`, { method: 'POST', body })).text()).toHaveLength(10_000);
    const text = await metrics.render();
    expect(sample(text, 'driftbox_http_received_bytes_total')).toBeGreaterThan(10_000);
    expect(sample(text, 'driftbox_http_sent_bytes_total')).toBeGreaterThan(10_000);
    server.closeAllConnections();
    await new Promise((r) => setTimeout(r, 20));
    // Closed connections keep their count.
    expect(sample(await metrics.render(), 'driftbox_http_sent_bytes_total')).toBeGreaterThan(10_000);
  });

  it('METRICS_PORT: a listener of its own serving /metrics alone, to the token when there is one', async () => {
    const metrics = createMetrics(sources);
    const open = await metricsServer(metrics, { token: null, port: 0, host: '127.0.0.1' });
    closers.push(() => open.close());
    const openUrl = `http://127.0.0.1:${(open.address() as AddressInfo).port}`;
    const res = await fetch(`${openUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('driftbox_uploads_in_flight 0');
    expect((await fetch(`${openUrl}/api/health`)).status).toBe(404);

    const guarded = await metricsServer(metrics, { token: 'a-token-of-16-chars', port: 0, host: '127.0.0.1' });
    closers.push(() => guarded.close());
    const url = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: 'Bearer a-token-of-16-chars' } })).status).toBe(200);
  });

  it('compares the Bearer token whole, case of the scheme aside', () => {
    expect(bearerMatches('Bearer tok-0123456789abcdef', 'tok-0123456789abcdef')).toBe(true);
    expect(bearerMatches('bearer tok-0123456789abcdef', 'tok-0123456789abcdef')).toBe(true);
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer tok',
      'Bearer tok-0123456789abcdef0',
      'tok-0123456789abcdef',
    ]) {
      expect(bearerMatches(header, 'tok-0123456789abcdef'), String(header)).toBe(false);
    }
  });
});
