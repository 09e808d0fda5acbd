import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** The request's abort signal, when the caller gave one. */
  signal?: AbortSignal | undefined;
}

/** A success envelope as the server sends it; `extra` are top-level fields beside `data` (the original's). */
export function ok(data: unknown, code = 200, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ code, message: 'OK', data, success: true, ...extra }), {
    status: code,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An error envelope as the server sends it. */
export function fail(
  status: number,
  error: string,
  message = 'failed',
  details?: { path: string; message: string }[],
): Response {
  return new Response(
    JSON.stringify({ code: status, message, data: null, success: false, error, details, requestId: 'req-1' }),
    {
      status,
      headers: { 'Content-Type': 'application/json' },
    },
  );
}

/**
 * Replaces fetch with a router over `METHOD /api/path` (query string ignored); unmatched requests
 * answer 404. Returns the list of requests made, for assertions.
 */
export function mockApi(
  routes: Record<string, (request: RecordedRequest) => Response | Promise<Response>>,
): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const request = { url, method, headers, body, signal: init?.signal ?? undefined };
      requests.push(request);
      const handler = routes[`${method} ${url.split('?')[0]}`];
      return handler ? handler(request) : fail(404, 'NOT_FOUND', 'no route');
    }),
  );
  return requests;
}
