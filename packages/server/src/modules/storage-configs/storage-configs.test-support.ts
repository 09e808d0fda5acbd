import type { StorageConfigDto } from '@driftbox/contract';
import { expect } from 'vitest';
import type { Harness } from '../../test/harness.js';

/** An S3 config as an admin submits it. */
export const S3_BODY = {
  name: 'r2',
  provider_type: 'Cloudflare R2',
  endpoint_url: 'https://abc123.r2.cloudflarestorage.com/',
  bucket_name: 'shares',
  access_key_id: 'AKIAEXAMPLEKEY1234',
  secret_access_key: 'very-secret-access-key-value',
};

/** The admin's calls on storage configs, against the harness of the running test. */
export function configCalls(harness: () => Harness) {
  const admin = () => harness().actors.admin();
  const create = (body: unknown) => harness().call('POST', '/api/s3-configs', { headers: admin(), body });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status, res.text).toBe(201);
    return res.body.data as StorageConfigDto;
  };
  const update = (id: string, body: unknown) =>
    harness().call('PUT', `/api/s3-configs/${id}`, { headers: admin(), body });
  return { admin, create, created, update };
}
