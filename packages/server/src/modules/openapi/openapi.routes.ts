import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { buildOpenApiDocument } from './openapi.document.js';

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document, public (it names routes and shapes, no secrets).
 * Built once, on the first request, from the contract's schemas.
 */
export function openApiRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let text: string | undefined;
  app.get('/openapi.json', (c) => {
    text ??= JSON.stringify(buildOpenApiDocument());
    return c.body(text, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    });
  });
  return app;
}
