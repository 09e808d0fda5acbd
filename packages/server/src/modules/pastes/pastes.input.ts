import { CONTENT_LIMIT_BYTES, utf8ByteLength } from '@driftbox/contract';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { parseWith, readJson } from '../../http/request.js';

/**
 * The most a paste body may take on the wire. JSON escaping can grow text (a newline is two bytes,
 * a quote two), so the cap leaves room for 10 MB of content written out; it bounds memory, while the
 * 10 MB rule itself is checked on the decoded content below.
 */
export const PASTE_BODY_LIMIT = 2 * CONTENT_LIMIT_BYTES + 64 * 1024;

/**
 * Reads a create or update body: the size is checked while reading (413 past PASTE_BODY_LIMIT, never
 * buffering more), then content over 10 MB of UTF-8 is 413 PAYLOAD_TOO_LARGE (spec §8 "content too
 * large") before the schema runs, so it is not reported as an ordinary 400.
 */
export async function readPasteBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const raw = await readJson(c, z.unknown(), PASTE_BODY_LIMIT);
  const content = typeof raw === 'object' && raw !== null ? (raw as { content?: unknown }).content : undefined;
  if (typeof content === 'string' && utf8ByteLength(content) > CONTENT_LIMIT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { text: msg('pastes.contentTooLarge') });
  }
  return parseWith(schema, raw);
}
