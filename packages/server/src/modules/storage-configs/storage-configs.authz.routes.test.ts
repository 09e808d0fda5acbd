import { ALL_PERMISSIONS, type StorageConfigDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';

/*
 * Storage configs are admin-only except reading (spec §6 "Admin-only: … storage config"). The shared
 * suite checks each admin route with a TEXT-only key; here a key holding every permission bit is
 * refused too (no bit stands in for the admin), and the refused call changes nothing.
 */

const ADMIN_ONLY: [string, string, (other: string) => string, unknown][] = [
  ['POST', '/api/s3-configs', () => '/api/s3-configs', { name: 'by a key', storage_type: 'LOCAL', is_public: 1 }],
  [
    'PUT',
    '/api/s3-configs/{id}',
    () => '/api/s3-configs/local',
    { name: 'renamed by a key', is_public: 0, total_storage_bytes: 1 },
  ],
  ['DELETE', '/api/s3-configs/{id}', (other) => `/api/s3-configs/${other}`, undefined],
  ['PUT', '/api/s3-configs/{id}/set-default', (other) => `/api/s3-configs/${other}/set-default`, undefined],
  ['POST', '/api/s3-configs/{id}/test', () => '/api/s3-configs/local/test', undefined],
];

describe.each(dialects)('storage configs: admin-only routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const configs = async () =>
    (await h.call('GET', '/api/s3-configs', { headers: h.actors.admin() })).body.data as StorageConfigDto[];

  it.each(ADMIN_ONLY)(
    '%s %s: 403 ADMIN_ONLY for a key with every permission; nothing changes',
    async (method, _path, url, body) => {
      // A second config, usable by keys, that the key could otherwise delete or make the default.
      const other = await h.call('POST', '/api/s3-configs', {
        headers: h.actors.admin(),
        body: { name: 'second disk', storage_type: 'LOCAL', is_public: 1 },
      });
      expect(other.status, other.text).toBe(201);
      const before = await configs();
      const res = await h.call(method, url((other.body.data as StorageConfigDto).id), {
        headers: await h.actors.apiKey(ALL_PERMISSIONS),
        body,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 403,
        success: false,
        data: null,
        error: 'ADMIN_ONLY',
        message: expect.any(String),
        requestId: expect.any(String),
      });
      expect(await configs()).toEqual(before);
    },
  );
});
