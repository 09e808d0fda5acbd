import type { Context } from 'hono';
import type { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import type { AppEnv } from '../app-env.js';
import type { BodySource } from '../storage/object-store.js';
import { AppError, badRequest, validationFailed, zodDetails } from '../lib/errors.js';
import { msg } from '../lib/i18n/catalogue.js';
import { zhErrors } from '../lib/i18n/zod-zh.js';

/** JSON bodies of the admin API are small; bigger ones are refused before they are buffered. */
export const DEFAULT_JSON_LIMIT = 1024 * 1024;

/**
 * The raw body, refused with 413 once it passes `maxBytes` (checked on the declared length and again
 * while reading, so a chunked body cannot make the server buffer more).
 */
export async function readBytes(c: Context<AppEnv>, maxBytes: number): Promise<Buffer> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readText(c: Context<AppEnv>, maxBytes: number): Promise<string> {
  return (await readBytes(c, maxBytes)).toString('utf8');
}

/**
 * Reads and validates a JSON body. Unreadable JSON is 400 BAD_REQUEST (never 500); schema violations are
 * 400 VALIDATION_FAILED with field paths. An empty body validates as `{}`, so required fields are named.
 */
export async function readJson<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  maxBytes = DEFAULT_JSON_LIMIT,
): Promise<z.output<S>> {
  const text = await readText(c, maxBytes);
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest(msg('http.invalidJson'));
    }
  }
  return parseWith(schema, value);
}

/** Validates the query string (single values as strings, repeated keys as arrays). */
export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const entries = Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]);
  return parseWith(schema, Object.fromEntries(entries));
}

/**
 * Validates a value against a schema, throwing VALIDATION_FAILED with details in both languages (a
 * failed value is parsed once more with zod's Chinese messages: only failures pay for it).
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const zh = schema.safeParse(value, { error: zhErrors });
  throw validationFailed(zodDetails(result.error, zh.success ? undefined : zh.error.issues));
}

/** The declared Content-Length, when it is a plain number. */
export function contentLengthOf(c: Context<AppEnv>): number | undefined {
  const header = c.req.header('content-length');
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/**
 * The request body as a stream for storage. Served by node-server, that is the Node request itself:
 * the web-stream round trip (Node → web → Node) halved upload throughput in the bench. In-process
 * calls (`app.request`, tests) have only the web body.
 */
export function streamBody(c: Context<AppEnv>): BodySource | null {
  c.get('metrics')?.uploadStarted(c);
  const incoming = c.env?.incoming as Readable | undefined;
  return incoming ?? (c.req.raw.body as ReadableStream<Uint8Array> | null);
}
