import { inspectRoutes } from 'hono/dev';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '../../test/protected-routes.js';
import { ROUTE_DOCS, openApiPath } from './openapi.document.js';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses?: Record<string, unknown>;
        parameters?: { name: string; in: string }[];
        security?: Record<string, unknown>[];
        operationId?: string;
      }
    >
  >;
  components: { securitySchemes: Record<string, unknown> };
};
const METHODS = ['get', 'head', 'put', 'post', 'delete', 'options', 'patch', 'trace'];

/** Resolves a local JSON pointer (`#/components/schemas/X`) in `doc`; undefined when it leads nowhere. */
function resolve(doc: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, found));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

describe.each(dialects)('the OpenAPI document (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });

  async function served(): Promise<Doc> {
    const res = await h.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return res.body as unknown as Doc;
  }

  it('documents every /api and /dav route the app registers, and none it does not', async () => {
    const doc = await served();
    const registered = inspectRoutes(h.app).filter(
      (r) => !r.isMiddleware && (r.path.startsWith('/api/') || r.path === '/dav' || r.path.startsWith('/dav/')),
    );
    // Exactly the /api 404 is not a route: `ALL /api/*` answers every unknown path.
    const real = registered.filter((r) => !(r.method === 'ALL' && r.path === '/api/*'));
    const anyMethod = new Set(real.filter((r) => r.method === 'ALL').map((r) => openApiPath(r.path)));
    const actual = new Set(real.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`));
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect([...actual].filter((r) => !documented.includes(r))).toEqual([]);
    expect([...anyMethod].filter((path) => !doc.paths[path])).toEqual([]);
    expect(documented.filter((r) => !actual.has(r) && !anyMethod.has(r.slice(r.indexOf(' ') + 1)))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it("gives each route the access of the security suite's table", () => {
    const table = new Map(PROTECTED_ROUTES.map((r) => [`${r.method} ${r.path}`, r.access]));
    for (const route of ROUTE_DOCS.filter((r) => r.path.startsWith('/api/') && !r.path.endsWith('*'))) {
      const key = `${route.method} ${route.path}`;
      const expected = route.access === 'public-or-admin' ? 'admin' : route.access;
      expect(table.has(key) || PUBLIC_ROUTES.has(key), key).toBe(true);
      if (table.has(key)) expect({ key, access: expected }).toEqual({ key, access: table.get(key) });
      if (route.access === 'public' || route.access === 'public-or-admin')
        expect(PUBLIC_ROUTES.has(key), key).toBe(true);
    }
  });

  it('is a well-formed OpenAPI 3.1 document: responses everywhere, path parameters declared, every $ref resolves', async () => {
    const doc = await served();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/(api|dav)/);
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(params);
        for (const requirement of op.security ?? [])
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
        expect(ids.has(op.operationId ?? ''), op.operationId).toBe(false);
        ids.add(op.operationId ?? '');
      }
    }
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(100);
    expect([...new Set(refs)].filter((r) => resolve(doc, r) === undefined)).toEqual([]);
  });

  it('describes the bodies with the contract schemas, the envelope around data, the error envelope', async () => {
    const doc = (await served()) as unknown as Record<string, never>;
    const op = resolve(doc, '#/paths/~1api~1admin~1api-keys/post') as Record<string, unknown>;
    expect(resolve(op, '#/requestBody/content/application~1json/schema')).toEqual({
      $ref: '#/components/schemas/ApiKeyCreateBody',
    });
    expect(resolve(op, '#/responses/201/content/application~1json/schema/properties/data')).toEqual({
      $ref: '#/components/schemas/ApiKeyWithSecretDto',
    });
    expect(resolve(op, '#/security')).toEqual([{ adminBearer: [] }]);
    const created = resolve(doc, '#/components/schemas/ApiKeyCreateBody') as { properties: Record<string, unknown> };
    expect(Object.keys(created.properties)).toEqual(expect.arrayContaining(['name', 'permissions', 'basic_path']));
    expect(resolve(doc, '#/paths/~1api~1upload/post/security')).toEqual([
      { adminBearer: [] },
      { apiKey: [] },
      { apiKeyHeader: [] },
    ]);
    expect(resolve(doc, '#/paths/~1api~1paste~1{slug}/get/security')).toEqual([]);
    expect(resolve(doc, '#/components/schemas/ErrorEnvelope/properties/error/enum')).toContain('PERMISSION_DENIED');
  });
});
