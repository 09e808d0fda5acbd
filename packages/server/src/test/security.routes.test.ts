import { ALL_PERMISSIONS, Permission } from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../lib/crypto/digest.js';
import { TEST_START } from './clock.js';
import { dialects } from './harness.js';
import { harnessPerSuite } from './per-test.js';
import { PROTECTED_ROUTES, PUBLIC_ROUTES, type Access, type ProtectedRoute } from './protected-routes.js';

const label = (r: ProtectedRoute) => `${r.method} ${r.path}`;
const urlOf = (r: ProtectedRoute) => r.path.replace(':id', 'security-probe');

/** A mask that lacks what the route needs (a TEXT-only key for admin routes). */
function insufficientMask(access: Access): number | null {
  if (access === 'admin') return Permission.TEXT;
  if (access === 'authenticated') return null;
  return 'permission' in access ? ALL_PERMISSIONS & ~access.permission : ALL_PERMISSIONS & ~access.anyOf;
}

describe.each(dialects)('shared security checks (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });
  // One harness serves every route, and each route's checks present unknown keys: without a fresh
  // window the API-key failure limit (429) would answer for the later routes.
  beforeEach(async () => {
    await h.db.deleteFrom('rate_limits').execute();
  });

  it('classifies every /api route as public or protected', () => {
    const declared = new Set([...PUBLIC_ROUTES, ...PROTECTED_ROUTES.map(label)]);
    const actual = h.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'))
      .map((r) => `${r.method} ${r.path}`);
    expect(actual.filter((r) => !declared.has(r))).toEqual([]);
    expect([...declared].filter((r) => !actual.includes(r))).toEqual([]);
  });

  describe.each(PROTECTED_ROUTES.map((r) => [label(r), r] as const))('%s', (_name, route) => {
    const envelope = (code: number, error: string) => ({
      code,
      success: false,
      data: null,
      error,
      message: expect.any(String),
      requestId: expect.any(String),
    });

    it('401 UNAUTHORIZED for an anonymous caller', async () => {
      const res = await h.call(route.method, urlOf(route));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ ...envelope(401, 'UNAUTHORIZED'), message: 'Authentication required, please log in' });
    });

    it('401 for an unknown token, an unknown key and an expired session', async () => {
      const token = await h.call(route.method, urlOf(route), { headers: { Authorization: 'Bearer not-a-session' } });
      expect(token.body).toEqual(envelope(401, 'UNAUTHORIZED'));
      const key = await h.call(route.method, urlOf(route), { headers: { 'X-Custom-Auth-Key': 'not-a-key' } });
      expect(key.body).toEqual(envelope(401, 'API_KEY_INVALID'));
      const stale = `stale-${route.method}-${route.path}`;
      await h.db
        .insertInto('admin_sessions')
        .values({
          token_hash: sha256Hex(stale),
          admin_id: h.adminActor.id,
          expires_at: TEST_START,
          created_at: TEST_START,
        })
        .execute();
      const expired = await h.call(route.method, urlOf(route), { headers: { Authorization: `Bearer ${stale}` } });
      expect(expired.body).toEqual(envelope(401, 'TOKEN_EXPIRED'));
    });

    it('403 for an API key without the needed right', async () => {
      const mask = insufficientMask(route.access);
      if (mask === null) return;
      const res = await h.call(route.method, urlOf(route), { headers: await h.actors.apiKey(mask) });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(envelope(403, route.access === 'admin' ? 'ADMIN_ONLY' : 'PERMISSION_DENIED'));
    });

    it('lets the admin past the guard', async () => {
      const res = await h.call(route.method, urlOf(route), { headers: h.actors.admin() });
      expect([401, 403]).not.toContain(res.status);
    });
  });
});
