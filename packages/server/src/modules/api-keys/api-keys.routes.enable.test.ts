import type { ApiKeyDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('enabling and disabling api keys (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const update = (id: string, body: unknown) =>
    h.call('PUT', `/api/admin/api-keys/${id}`, { headers: h.actors.admin(), body });
  const createPaste = (headers: Record<string, string>) =>
    h.call('POST', '/api/paste', { headers, body: { content: 'hello' } });

  it('a disabled key is refused 401 API_KEY_DISABLED until the admin enables it again', async () => {
    const key = await h.createKey(1);
    expect((await createPaste(key.headers)).status).toBe(201);

    const off = await update(key.key.id, { is_enable: 0 });
    expect(off.status, off.text).toBe(200);
    expect((off.body.data as ApiKeyDto).is_enable).toBe(0);
    const refused = await createPaste(key.headers);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'API_KEY_DISABLED', message: 'API key disabled' });
    expect((await h.call('GET', '/api/test/api-key', { headers: key.headers })).status).toBe(401);

    expect((await update(key.key.id, { is_enable: 1 })).status).toBe(200);
    expect((await createPaste(key.headers)).status).toBe(201);
  });

  it('keys are created enabled unless told; the list shows the flag', async () => {
    const res = await h.call('POST', '/api/admin/api-keys', {
      headers: h.actors.admin(),
      body: { name: 'off', permissions: 1, is_enable: 0 },
    });
    expect(res.status, res.text).toBe(201);
    const list = await h.call('GET', '/api/admin/api-keys', { headers: h.actors.admin() });
    const flags = (list.body.data as ApiKeyDto[]).map((k) => [k.name, k.is_enable]);
    expect(flags).toEqual([['off', 0]]);
  });
});
