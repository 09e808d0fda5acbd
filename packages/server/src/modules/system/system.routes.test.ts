import { APP_VERSION } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('system routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  it('GET /api/health answers the envelope plus top-level status and timestamp', async () => {
    const res = await h.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      message: 'ok',
      success: true,
      data: { status: 'ok', timestamp: '2026-01-01T00:00:00.000Z', database: 'ok' },
      status: 'ok',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
  });

  it('GET /api/health is 503 UNAVAILABLE when the database is gone', async () => {
    await h.closeDb();
    const res = await h.call('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 503,
      success: false,
      data: null,
      error: 'UNAVAILABLE',
      message: 'Database unavailable',
    });
    expect(h.logs.some((l) => l.level === 'error' && l.message.includes('database unreachable'))).toBe(true);
  });

  it('GET /api/version reports version, storage and uptime from the injected clock', async () => {
    h.clock.advance(90_500);
    const res = await h.call('GET', '/api/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      message: 'Success',
      success: true,
      data: {
        version: APP_VERSION,
        name: 'Driftbox',
        environment: 'Node',
        storage: dialect === 'postgres' ? 'PostgreSQL' : 'SQLite',
        nodeVersion: process.version,
        uptime: 90,
      },
    });
  });
});
