import { APP_NAME, APP_VERSION, ERROR_STATUS, Permission } from '@driftbox/contract';
import { ADMIN_ROUTE_DOCS } from './openapi.registry.admin.js';
import { FS_ROUTE_DOCS } from './openapi.registry.fs.js';
import { SHARE_ROUTE_DOCS } from './openapi.registry.shares.js';
import { SYSTEM_ROUTE_DOCS } from './openapi.registry.system.js';
import { UPLOAD_ROUTE_DOCS } from './openapi.registry.uploads.js';
import { componentSchemas, objectShape, type JsonSchema } from './openapi.schemas.js';
import type { DocAccess, RouteDoc } from './openapi.types.js';

/** Every documented route; `openapi.routes.test.ts` holds it equal to the routes the app registers. */
export const ROUTE_DOCS: RouteDoc[] = [
  ...SYSTEM_ROUTE_DOCS,
  ...ADMIN_ROUTE_DOCS,
  ...SHARE_ROUTE_DOCS,
  ...UPLOAD_ROUTE_DOCS,
  ...FS_ROUTE_DOCS,
];

/** Hono's `/api/files/:id` and `/api/p/*` as OpenAPI writes them: `/api/files/{id}`, `/api/p/{path}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');

const KEY_SCHEMES = [{ adminBearer: [] }, { apiKey: [] }, { apiKeyHeader: [] }];

function bitNames(mask: number): string[] {
  return Object.entries(Permission)
    .filter(([, bit]) => (mask & bit) !== 0)
    .map(([name]) => name);
}

function security(access: DocAccess, dav: boolean): Record<string, unknown> {
  if (access === 'public') return { security: [] };
  if (access === 'public-or-admin') return { security: [{}, { adminBearer: [] }] };
  if (access === 'admin') return { security: [{ adminBearer: [] }], 'x-driftbox-access': 'admin' };
  const schemes = dav ? [...KEY_SCHEMES, { basic: [] }] : KEY_SCHEMES;
  if (access === 'authenticated') return { security: schemes, 'x-driftbox-access': 'authenticated' };
  const access_ =
    'permission' in access ? { permission: bitNames(access.permission) } : { anyOf: bitNames(access.anyOf) };
  return { security: schemes, 'x-driftbox-access': access_ };
}

function parameters(route: RouteDoc): JsonSchema[] {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (route.path.endsWith('/*')) names.push('path');
  const inPath = names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (!route.query) return inPath;
  const { properties, required } = objectShape(route.query, 'input');
  const inQuery = Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
  return [...inPath, ...inQuery];
}

function multipartSchema(fields: Record<string, string>): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, description]) => [
      name,
      name === 'file' || name === 'backup_file'
        ? { type: 'string', contentMediaType: 'application/octet-stream', description }
        : { type: 'string', ...(description ? { description } : {}) },
    ]),
  );
  return { type: 'object', properties };
}

const envelope = (data: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  required: ['code', 'message', 'data', 'success'],
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data, success: { const: true }, ...extra },
});

/** The OpenAPI 3.1 document of `routes`, built from the contract's zod schemas. */
export function buildOpenApiDocument(routes: RouteDoc[] = ROUTE_DOCS): JsonSchema {
  const components = componentSchemas(routes);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const answer = route.answer;
    let response: JsonSchema;
    let status = 200;
    if ('data' in answer) {
      status = answer.status ?? 200;
      const extra = answer.extra ? objectShape(answer.extra, 'output').properties : {};
      response = {
        description: 'OK',
        content: { 'application/json': { schema: envelope(components.data(answer.data), extra) } },
      };
    } else if ('untyped' in answer) {
      status = answer.status ?? 200;
      const data = { description: `Not yet described by a contract schema: ${answer.untyped}` };
      response = { description: 'OK', content: { 'application/json': { schema: envelope(data) } } };
    } else if ('file' in answer) {
      status = answer.status ?? 200;
      response = { description: 'The body itself', content: { [answer.file]: { schema: {} } } };
    } else {
      status = answer.empty;
      response = { description: 'No body' };
    }
    const responses: Record<string, unknown> = {
      [String(status)]: response,
      default: { $ref: '#/components/responses/Error' },
    };
    if ('file' in answer && answer.redirects) responses['302'] = { description: 'Redirect to a signed storage link' };
    const body = route.body;
    const requestBody = !body
      ? undefined
      : 'raw' in body
        ? { required: true, content: { [body.raw]: { schema: {} } } }
        : {
            required: true,
            content: {
              ...(body.json ? { 'application/json': { schema: components.body(body.json) } } : {}),
              ...(body.multipart ? { 'multipart/form-data': { schema: multipartSchema(body.multipart) } } : {}),
            },
          };
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      operationId: `${route.method.toLowerCase()} ${path}`,
      ...security(route.access, route.path.startsWith('/dav')),
      parameters: parameters(route),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${APP_NAME} API`,
      version: APP_VERSION,
      description:
        'Generated from the zod schemas of @driftbox/contract (packages/server/src/modules/openapi). Every JSON answer ' +
        'is the envelope { code, message, data, success }; see docs/api.md.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { ...components.schemas, ErrorEnvelope: errorEnvelope() },
      responses: {
        Error: {
          description: 'An error: the envelope with `error` (machine code), `details` and `requestId`',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
      securitySchemes: {
        adminBearer: { type: 'http', scheme: 'bearer', description: 'An admin session token (POST /api/admin/login)' },
        apiKey: { type: 'http', scheme: 'ApiKey', description: '`Authorization: ApiKey <key>`' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Custom-Auth-Key' },
        basic: { type: 'http', scheme: 'basic', description: 'WebDAV: admin credentials, or an API key as both' },
      },
    },
  };
}

function errorEnvelope(): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data', 'success', 'error'],
    properties: {
      code: { type: 'integer' },
      message: { type: 'string' },
      data: { type: 'null' },
      success: { const: false },
      error: { enum: Object.keys(ERROR_STATUS) },
      details: {
        type: 'array',
        items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
      },
      requestId: { type: 'string' },
    },
  };
}
