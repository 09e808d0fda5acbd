import { ALL_PERMISSIONS, type PasteViewDto } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, dialects, type Harness } from '../../test/harness.js';
import { ORIGINAL_VERSIONS, originalExpected, sendOriginal } from './backup.original.test-support.js';

describe.each(dialects)("what each actor may do after restoring the original's backups (%s)", (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  const asKey = (key: string) => ({ 'X-Custom-Auth-Key': key });

  it.each(ORIGINAL_VERSIONS)(
    '%s: keys keep their state and bits; pastes their content, titles and visibility',
    async (version) => {
      const expected = originalExpected(version);
      for (const mode of ['overwrite', 'merge'] as const) {
        const res = await sendOriginal(h, 'restore', version, mode);
        expect(res.status, res.text).toBe(200);
      }
      // Keys: the disabled one is refused like in the original; the others keep bits and base paths.
      const disabled = Object.values(expected.extraKeys)[0]!;
      const refused = await h.call('GET', '/api/test/api-key', { headers: asKey(disabled.key) });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ error: 'API_KEY_DISABLED' });
      for (const key of Object.values(expected.keys)) {
        const row = await h.db
          .selectFrom('api_keys')
          .selectAll()
          .where('name', '=', key.name)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          permissions: key.permissions & ALL_PERMISSIONS,
          basic_path: key.basic_path,
          is_enable: 1,
        });
        expect((await h.call('GET', '/api/test/api-key', { headers: asKey(key.key) })).status).toBe(200);
      }
      // TEXT_SHARE|TEXT_MANAGE (5): creates and lists its own texts.
      const text = expected.keys['bk-text-key']!;
      expect((await h.call('POST', '/api/paste', { headers: asKey(text.key), body: { content: 'x' } })).status).toBe(
        201,
      );
      expect((await h.call('GET', '/api/pastes', { headers: asKey(text.key) })).status).toBe(200);

      for (const paste of Object.values(expected.pastes)) {
        const anonymous = await h.call('GET', `/api/paste/${paste.slug}`);
        if (paste.is_public === false) {
          expect(anonymous.status).toBe(404);
          expect((await h.call('GET', `/api/raw/${paste.slug}`)).status).toBe(404);
          const admin = await h.call('GET', `/api/paste/${paste.slug}`, { headers: h.actors.admin() });
          expect(admin.status, admin.text).toBe(200);
          expect(admin.body.data as PasteViewDto).toMatchObject({ content: paste.content, title: paste.title });
          continue;
        }
        expect(anonymous.status, anonymous.text).toBe(200);
        if (paste.password) {
          expect(anonymous.body.data).toMatchObject({ requiresPassword: true, title: paste.title ?? null });
          const opened = await h.call('POST', `/api/paste/${paste.slug}`, { body: { password: paste.password } });
          expect(opened.status, opened.text).toBe(200);
          expect(opened.body.data).toMatchObject({ content: paste.content });
        } else {
          expect(anonymous.body.data).toMatchObject({ content: paste.content, remark: paste.remark ?? null });
          if (paste.title) expect(anonymous.body.data).toMatchObject({ title: paste.title });
        }
        if (paste.expires_at) expect(anonymous.body.data).toMatchObject({ expiresAt: paste.expires_at });
        if (paste.max_views) expect(anonymous.body.data).toMatchObject({ maxViews: paste.max_views });
      }
    },
  );
});
