import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.js';
import { memoryLogger } from '../lib/logger.js';
import { requestLog } from './request-log.js';

describe('request log', () => {
  it('escapes control characters of the decoded path, so a request cannot forge a second log line', async () => {
    const logger = memoryLogger();
    const app = new Hono<AppEnv>();
    app.use(requestLog(logger));
    app.get('*', (c) => c.text('ok'));
    await app.request('/api/x%0A2030-01-01T00:00:00.000Z%20INFO%20forged');
    const line = logger.entries.at(-1)?.message ?? '';
    expect(line).not.toContain('\n');
    expect(line).toContain('/api/x\\x0a2030-01-01');
  });
});
