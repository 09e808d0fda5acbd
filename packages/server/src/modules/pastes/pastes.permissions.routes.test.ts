import { Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('the share/manage split of the text bits (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const create = (headers: Record<string, string>) =>
    h.call('POST', '/api/paste', { headers, body: { content: 'hello' } });

  it('TEXT creates but does not list or edit; TEXT_MANAGE lists and edits but does not create', async () => {
    const share = await h.createKey(Permission.TEXT);
    const created = await create(share.headers);
    expect(created.status, created.text).toBe(201);
    const slug = (created.body.data as { slug: string }).slug;
    expect((await h.call('GET', '/api/pastes', { headers: share.headers })).status).toBe(403);
    expect((await h.call('GET', `/api/pastes/${slug}`, { headers: share.headers })).status).toBe(403);

    const manage = await h.createKey(Permission.TEXT_MANAGE);
    expect((await create(manage.headers)).status).toBe(403);
    expect((await h.call('GET', '/api/pastes', { headers: manage.headers })).status).toBe(200);
  });
});
