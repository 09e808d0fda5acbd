import type { PasteCreateBody, PasteDto } from '@driftbox/contract';
import { expect } from 'vitest';
import type { Harness, Headers } from '../../test/harness.js';

/** Creates a paste through the API (as the admin unless told) and returns the created DTO. */
export async function seedPaste(
  h: Harness,
  body: Partial<PasteCreateBody> = {},
  headers: Headers = h.actors.admin(),
): Promise<PasteDto> {
  const res = await h.call('POST', '/api/paste', { headers, body: { content: 'hello world', ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as PasteDto;
}

/** The stored row, straight from the database. */
/** The stored row, with the views this instance still holds in memory written first. */
export async function pasteRow(h: Harness, slug: string) {
  await h.services.flushViews();
  return h.db.selectFrom('pastes').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
}
