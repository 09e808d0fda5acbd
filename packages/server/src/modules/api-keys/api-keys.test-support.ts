import type { ApiKeyWithSecretDto } from '@driftbox/contract';
import { expect } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import type { Harness } from '../../test/harness.js';

/** Shared set-up of the api-keys route tests (api-keys.routes*.test.ts). */

export const DAY = 24 * 60 * 60 * 1000;
export const inDays = (days: number) => new Date(Date.parse(TEST_START) + days * DAY).toISOString();

/** Creating keys through the admin API, asserting the 201. */
export function apiKeyCalls(h: Harness) {
  const create = (body: unknown) => h.call('POST', '/api/admin/api-keys', { headers: h.actors.admin(), body });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status).toBe(201);
    return res.body.data as ApiKeyWithSecretDto;
  };
  return { create, created };
}
