import { describe, expect, it } from 'vitest';
import { dialects } from '../test/harness.js';
import { harnessPerSuite } from '../test/per-test.js';

const TOKEN = 'metrics-token-for-tests-0123';

/** The value of one sample line of the exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(dialects)('GET /metrics (%s)', (dialect) => {
  describe('not configured', () => {
    const h = harnessPerSuite({ dialect });

    it('answers the 404 of an unknown route, token or not (not the web app)', async () => {
      const unknown = await h.call('GET', '/api/no-such-route');
      for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }, h.actors.admin()]) {
        const res = await h.call('GET', '/metrics', { headers });
        expect(res.status).toBe(404);
        expect({ ...res.body, requestId: null }).toEqual({ ...unknown.body, requestId: null });
        expect(res.text).not.toContain('driftbox_');
      }
    });
  });

  describe('with METRICS_TOKEN', () => {
    const h = harnessPerSuite({ dialect, config: { metrics: { token: TOKEN, port: null, host: '127.0.0.1' } } });
    const scrape = (authorization?: string) =>
      h.call('GET', '/metrics', { headers: authorization === undefined ? {} : { Authorization: authorization } });

    it('401 without the token, with a wrong one, an admin session or Basic', async () => {
      for (const auth of [
        undefined,
        'Bearer wrong',
        `Bearer ${TOKEN}x`,
        `Basic ${TOKEN}`,
        h.actors.admin().Authorization,
      ]) {
        const res = await scrape(auth);
        expect(res.status, String(auth)).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(res.body).toMatchObject({ code: 401, success: false, error: 'UNAUTHORIZED' });
        expect(res.text).not.toContain('driftbox_');
      }
    });

    it('200 with the Prometheus text: requests by route pattern and status, latency, tasks by state', async () => {
      const created = await h.call('POST', '/api/paste', { headers: h.actors.admin(), body: { content: 'hi' } });
      const slug = String((created.body.data as { slug: string }).slug);
      expect((await h.call('GET', `/api/paste/${slug}`)).status).toBe(200);
      expect((await h.call('GET', `/api/paste/${slug}`)).status).toBe(200);
      expect((await h.call('GET', '/api/paste/no-such-paste')).status).toBe(404);
      expect((await h.call('GET', '/api/nothing-here/42')).status).toBe(404);
      await h.services.tasks.enqueue('copy', { items: [] }, h.adminActor);

      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = res.text;
      const series = (route: string, method: string, status: number) =>
        `driftbox_http_requests_total{route="${route}",method="${method}",status="${status}"}`;
      expect(sample(text, series('/api/paste/:slug', 'GET', 200))).toBe(2);
      expect(sample(text, series('/api/paste/:slug', 'GET', 404))).toBe(1);
      expect(sample(text, series('/api/paste', 'POST', 201))).toBe(1);
      // An unknown path counts under the pattern that answered it, never under its own path.
      expect(sample(text, series('/api/*', 'GET', 404))).toBe(1);
      expect(text).not.toContain(slug);
      expect(text).not.toContain('no-such-paste');
      expect(text).not.toContain('nothing-here');
      expect(sample(text, 'driftbox_http_request_duration_seconds_count{route="/api/paste/:slug",method="GET"}')).toBe(
        3,
      );
      const bucket = (le: string) =>
        sample(text, `driftbox_http_request_duration_seconds_bucket{le="${le}",route="/api/paste/:slug",method="GET"}`);
      expect(bucket('0.005')).toBeLessThanOrEqual(bucket('30') ?? -1);
      expect(bucket('30')).toBe(3);
      expect(bucket('+Inf')).toBe(3);
      expect(text).toContain('# TYPE driftbox_http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE driftbox_http_requests_total counter');
      expect(sample(text, 'driftbox_tasks{state="pending"}')).toBe(1);
      expect(sample(text, 'driftbox_tasks{state="running"}')).toBe(0);
      // The scrape itself is in flight while it is rendered; no upload is.
      expect(sample(text, 'driftbox_http_requests_in_flight')).toBe(1);
      expect(sample(text, 'driftbox_uploads_in_flight')).toBe(0);
      for (const name of [
        'driftbox_http_received_bytes_total',
        'driftbox_http_sent_bytes_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(text).toContain(`\n${name} `);
      }
      // Scraped again: the earlier scrape counts under its own route.
      expect(sample((await scrape(`Bearer ${TOKEN}`)).text, series('/metrics', 'GET', 200))).toBe(1);
    });
  });
});
