import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { ROUTE_DOCS } from './openapi.document.js';
import type { DocData } from './openapi.types.js';

/** The zod schema a documented `data` stands for. */
function validator(data: DocData | null): z.ZodType {
  if (data === null) return z.null();
  if (data instanceof z.ZodType) return data;
  if ('many' in data) return z.array(validator(data.many));
  return z.union(data.anyOf.map(validator) as [z.ZodType, z.ZodType]);
}

/** Every documented GET without path parameters whose answer has a described `data`: the admin can call it as is. */
const PLAIN_GETS = ROUTE_DOCS.filter(
  (r) => r.method === 'GET' && !/[:*]/.test(r.path) && 'data' in r.answer && r.path.startsWith('/api/'),
);

/** The required query parameters of some of them. */
const QUERIES: Record<string, string> = {
  '/api/admin/settings/metadata': '?key=site_title',
  '/api/fs/search': '?q=notes',
};

describe.each(dialects)('answers match the OpenAPI document (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });

  it('has a dozen plain GETs to call', () => {
    expect(PLAIN_GETS.length).toBeGreaterThan(12);
  });

  it.each(PLAIN_GETS.map((r) => [r.path, r] as const))(
    'GET %s: status and data as documented',
    async (_path, route) => {
      const res = await h.call('GET', route.path + (QUERIES[route.path] ?? ''), { headers: h.actors.admin() });
      const answer = route.answer as { data: DocData | null; status?: number };
      expect(res.status, res.text).toBe(answer.status ?? 200);
      expect(res.body).toMatchObject({ code: res.status, success: true, message: expect.any(String) });
      const parsed = validator(answer.data).safeParse(res.body.data);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    },
  );
});
