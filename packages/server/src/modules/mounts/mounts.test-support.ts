import type { MountDto } from '@driftbox/contract';
import { expect } from 'vitest';
import type { Harness } from '../../test/harness.js';

/** The admin's calls on mounts, against the harness of the running test. */
export function mountCalls(harness: () => Harness) {
  const admin = () => harness().actors.admin();
  const create = (body: unknown) => harness().call('POST', '/api/admin/mounts', { headers: admin(), body });
  /** Creates a mount on the LOCAL default config unless the body names another. */
  const created = async (body: Record<string, unknown>) => {
    const res = await create({ name: String(body.mount_path ?? 'm'), storage_config_id: 'local', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data as MountDto;
  };
  const update = (id: string, body: unknown) =>
    harness().call('PUT', `/api/admin/mounts/${id}`, { headers: admin(), body });
  const list = async () =>
    (await harness().call('GET', '/api/admin/mounts', { headers: admin() })).body.data as MountDto[];
  return { admin, create, created, update, list };
}
