import type { Metric, Registry } from 'prom-client';

/** Seconds to the response's headers (a streamed body goes on after): fine at the bottom, coarse above. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Series {
  route: string;
  method: string;
  /** Observations per bucket (not cumulative); the last slot is above the largest bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
  byStatus: Map<number, number>;
}

type Value = { value: number; labels: Record<string, string | number>; metricName?: string };

/** A metric prom-client's registry renders from what `get()` returns (the shape its own metrics return). */
function collector(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) {
  const get = () => ({ name, help, type, values: values(), aggregator: 'sum' as const });
  return { name, help, type, get, reset: () => {} } as unknown as Metric;
}

/**
 * Requests by route pattern, method and status, and their durations. prom-client's labelled children hash
 * their labels on every call; here a request costs two map reads, a bucket search and a few additions on
 * plain numbers, and the exposition is built from them at the scrape.
 */
export function requestSeries(registry: Registry) {
  const series = new Map<string, Map<string, Series>>();
  const all: Series[] = [];
  const seriesOf = (route: string, method: string): Series => {
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let found = byMethod.get(method);
    if (!found) {
      found = {
        route,
        method,
        buckets: new Float64Array(DURATION_BUCKETS.length + 1),
        sum: 0,
        count: 0,
        byStatus: new Map(),
      };
      byMethod.set(method, found);
      all.push(found);
    }
    return found;
  };

  registry.registerMetric(
    collector('driftbox_http_requests_total', 'HTTP requests by route pattern, method and status', 'counter', () =>
      all.flatMap((s) =>
        [...s.byStatus].map(([status, value]) => ({
          value,
          labels: { route: s.route, method: s.method, status: String(status) },
        })),
      ),
    ),
  );
  const histogram = 'driftbox_http_request_duration_seconds';
  registry.registerMetric(
    collector(histogram, 'Time to the response headers, by route pattern and method', 'histogram', () =>
      all.flatMap((s) => {
        const labels = { route: s.route, method: s.method };
        let cumulative = 0;
        const buckets = DURATION_BUCKETS.map((le, i) => {
          cumulative += s.buckets[i] ?? 0;
          return { metricName: `${histogram}_bucket`, labels: { le, ...labels }, value: cumulative };
        });
        return [
          ...buckets,
          { metricName: `${histogram}_bucket`, labels: { le: '+Inf', ...labels }, value: s.count },
          { metricName: `${histogram}_sum`, labels, value: s.sum },
          { metricName: `${histogram}_count`, labels, value: s.count },
        ];
      }),
    ),
  );

  return (route: string, method: string, status: number, seconds: number) => {
    const s = seriesOf(route, method);
    s.byStatus.set(status, (s.byStatus.get(status) ?? 0) + 1);
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i += 1;
    s.buckets[i] = (s.buckets[i] ?? 0) + 1;
    s.sum += seconds;
    s.count += 1;
  };
}
