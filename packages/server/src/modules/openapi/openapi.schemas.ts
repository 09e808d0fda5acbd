import * as contract from '@driftbox/contract';
import { z } from 'zod';
import type { DocData, RouteDoc } from './openapi.types.js';

export type JsonSchema = Record<string, unknown>;

/** Each schema the contract exports, by the object itself: the document names a schema by its export. */
const EXPORT_NAMES = new Map<unknown, string>();
for (const [name, value] of Object.entries(contract)) {
  // An alias (`UrlCancelBody = FileIdBody`) keeps the first name in the namespace's (alphabetical) order.
  if (value instanceof z.ZodType && !EXPORT_NAMES.has(value)) EXPORT_NAMES.set(value, name);
}

/** The contract export `schema` is, or throws: the document describes only schemas the server validates with. */
export function contractName(schema: z.ZodType): string {
  const name = EXPORT_NAMES.get(schema);
  if (!name) throw new Error('OpenAPI: a schema that is not an export of @driftbox/contract');
  return name;
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const BASE = {
  target: 'draft-2020-12',
  unrepresentable: 'any',
  uri: (id: string) => `#/components/schemas/${id}`,
} as const;

/**
 * Drops what zod writes into each schema that a component must not carry: `$schema` (OpenAPI states the
 * dialect once) and `$id` (zod sets it to the component's `#/…` pointer; a 2020-12 `$id` has no fragment).
 */
function clean(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...rest }]) => [id, rest]));
}

/**
 * The components of a set of routes: request bodies as zod's `io: 'input'` (what a client may send,
 * before defaults and transforms), `data` schemas as `io: 'output'` (what the server answers). An input
 * and an output form of one name would differ: the output then gets the suffix `Output`.
 */
export function componentSchemas(routes: RouteDoc[]) {
  const input = z.registry<{ id: string }>();
  const output = z.registry<{ id: string }>();
  const add = (registry: typeof input, schema: z.ZodType) => {
    if (!registry.has(schema)) registry.add(schema, { id: contractName(schema) });
  };
  const addData = (data: DocData) => {
    if (data instanceof z.ZodType) add(output, data);
    else if ('many' in data) addData(data.many);
    else data.anyOf.forEach(addData);
  };
  for (const route of routes) {
    if (route.body && 'json' in route.body && route.body.json) add(input, route.body.json);
    if ('data' in route.answer && route.answer.data) addData(route.answer.data);
  }
  const inputs = clean(z.toJSONSchema(input, { ...BASE, io: 'input' } as const).schemas as Record<string, JsonSchema>);
  const outputName = (id: string) => (id in inputs ? `${id}Output` : id);
  const outputs = clean(
    z.toJSONSchema(output, { ...BASE, io: 'output', uri: (id) => `#/components/schemas/${outputName(id)}` } as const)
      .schemas as Record<string, JsonSchema>,
  );
  const schemas = { ...inputs, ...Object.fromEntries(Object.entries(outputs).map(([id, s]) => [outputName(id), s])) };

  return {
    schemas,
    body: (schema: z.ZodType) => ref(contractName(schema)),
    data(data: DocData | null): JsonSchema {
      if (data === null) return { type: 'null' };
      if (data instanceof z.ZodType) return ref(outputName(contractName(data)));
      if ('many' in data) return { type: 'array', items: this.data(data.many) };
      return { anyOf: data.anyOf.map((d) => this.data(d)) };
    },
  };
}

/** A schema converted on its own (query parameters, fields beside `data`): its properties and required names. */
export function objectShape(schema: z.ZodType, io: 'input' | 'output') {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  return { properties, required: new Set((json.required ?? []) as string[]) };
}
